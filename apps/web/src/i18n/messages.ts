import type { Language } from '@sl/domain';

// Our own keys, beside react-admin's `ra.*` ones.
export const MESSAGES = {
  'en-us': {
    title: 'Street-lighting console',
    login: 'Login',
    password: 'Password',
    signIn: 'Sign in',
    demo: 'Demo',
    signInFailed: 'Unauthorized error',
    mapTitle: 'Map',
    mapPlaceholder: 'The map arrives with the map issue.',
    notFound: 'Page not found',
    notFoundHint: 'There is nothing at this address.',
    toMap: 'Go to the map',
    permissionDenied: 'Permission denied',
    json: 'Shown as data; editing arrives later',
  },
  ru: {
    title: 'Консоль уличного освещения',
    login: 'Логин',
    password: 'Пароль',
    signIn: 'Войти',
    demo: 'Демо',
    signInFailed: 'Ошибка авторизации',
    mapTitle: 'Карта',
    mapPlaceholder: 'Карта появится вместе с задачей о карте.',
    notFound: 'Страница не найдена',
    notFoundHint: 'По этому адресу ничего нет.',
    toMap: 'Перейти к карте',
    permissionDenied: 'Доступ запрещён',
    json: 'Показано как данные; редактирование появится позже',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['en-us'];

/** The react-admin translation key of one of our messages. */
export const sl = (key: MessageKey) => `sl.${key}`;
