import { LANGUAGES, type Language } from '@sl/domain';

/** The stored choice (key `lang`), then the browser, then en-us (spec §1). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem('lang');
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en-us';
}

/** The server answers errors in the language of the `lang` cookie. */
export function storeLanguage(lang: Language) {
  localStorage.setItem('lang', lang);
  document.cookie = `lang=${lang}; path=/; SameSite=Lax`;
  document.documentElement.lang = lang === 'ru' ? 'ru' : 'en';
}
