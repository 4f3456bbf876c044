import { LANGUAGES, type Language } from '@sl/domain';

export const MESSAGES = {
  'en-us': {
    title: 'Street-lighting console',
    platform: 'Platform status',
    database: 'Database',
    broker: 'MQTT broker',
    ok: 'working',
    down: 'not answering',
    records: 'Records',
    entity: 'Object',
    apiDocs: 'API documentation',
    language: 'Language',
    loading: 'Loading…',
    login: 'Login',
    password: 'Password',
    signIn: 'Sign in',
    demo: 'Demo',
    signOut: 'Sign out',
    signedInAs: 'Signed in as',
    failed: 'Could not load',
  },
  ru: {
    title: 'Консоль уличного освещения',
    platform: 'Состояние платформы',
    database: 'База данных',
    broker: 'MQTT-брокер',
    ok: 'работает',
    down: 'не отвечает',
    records: 'Записей',
    entity: 'Объект',
    apiDocs: 'Документация API',
    language: 'Язык',
    loading: 'Загрузка…',
    login: 'Логин',
    password: 'Пароль',
    signIn: 'Войти',
    demo: 'Демо',
    signOut: 'Выйти',
    signedInAs: 'Вы вошли как',
    failed: 'Не удалось загрузить',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['en-us'];

/** The stored choice (key `lang`), then the browser, then en-us (spec §1). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem('lang');
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en-us';
}

export function storeLanguage(lang: Language) {
  localStorage.setItem('lang', lang);
  document.cookie = `lang=${lang}; path=/; SameSite=Lax`;
}
