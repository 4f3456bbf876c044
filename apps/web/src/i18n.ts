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
