import type { Language } from '@sl/domain';

// Type-only imports from @sl/domain: this file is on the login page, which must not load the registry.

/** Every language of the console, by its own name; the Record keeps the list complete. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-us': 'English', ru: 'Русский' };
const CHOICES = Object.keys(LANGUAGE_NAMES) as Language[];

/** The stored choice (key `lang`), then the browser, then en-us (spec §1). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem('lang');
  if (stored && (CHOICES as string[]).includes(stored)) return stored as Language;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en-us';
}

/** The server answers errors in the language of the `lang` cookie. */
export function storeLanguage(lang: Language) {
  localStorage.setItem('lang', lang);
  document.cookie = `lang=${lang}; path=/; SameSite=Lax`;
  document.documentElement.lang = lang === 'ru' ? 'ru' : 'en';
}
