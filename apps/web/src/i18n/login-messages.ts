// Strings of the login page and of the first load, kept apart so that the login page loads nothing else.
export const LOGIN_MESSAGES = {
  'en-us': {
    title: 'Street-lighting console',
    authorization: 'Authorization',
    login: 'Login',
    password: 'Password',
    signIn: 'Sign in',
    demo: 'Demo',
    signInFailed: 'Unauthorized error',
    tryAgainIn: 'Too many failed attempts: try again in {s} s',
    permissionDenied: 'Permission denied',
    chunkLoadError: 'a part of the console could not be loaded. Check the connection and reload the page.',
  },
  ru: {
    title: 'Консоль уличного освещения',
    authorization: 'Авторизация',
    login: 'Логин',
    password: 'Пароль',
    signIn: 'Войти',
    demo: 'Демо',
    signInFailed: 'Ошибка авторизации',
    tryAgainIn: 'Слишком много неудачных попыток: повторите через {s} с',
    permissionDenied: 'Доступ запрещён',
    chunkLoadError: 'часть консоли не загрузилась. Проверьте соединение и перезагрузите страницу.',
  },
} as const;

export type LoginMessageKey = keyof (typeof LOGIN_MESSAGES)['en-us'];
