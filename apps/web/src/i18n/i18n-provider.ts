import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { AREA_LABELS, ENTITIES, ERRORS, type Language } from '@sl/domain';
import { fieldLabel } from './field-labels.ts';
import { initialLanguage, storeLanguage } from './language.ts';
import { MESSAGES } from './messages.ts';

const resources = (lang: Language) => ({
  ...Object.fromEntries(Object.entries(AREA_LABELS).map(([area, label]) => [area, { name: label[lang] }])),
  ...Object.fromEntries(
    ENTITIES.map((e) => [
      e.name,
      {
        name: e.label[lang],
        fields: Object.fromEntries(
          [...Object.keys(e.fields), 'createdAt', 'updatedAt'].map((f) => [f, fieldLabel(f, lang)]),
        ),
      },
    ]),
  ),
});

const errors = (lang: Language) =>
  Object.fromEntries(Object.entries(ERRORS).map(([code, m]) => [code, m[lang]]));

// Our entity labels are plural nouns, which Russian cannot put after a verb or "Нет" as they stand
const russian = {
  ...russianMessages,
  ra: {
    ...russianMessages.ra,
    page: { ...russianMessages.ra.page, create: '%{name}: создание', empty: '%{name}: записей нет.' },
  },
};

export const translations = (lang: Language) => ({
  ...(lang === 'ru' ? russian : englishMessages),
  resources: resources(lang),
  sl: MESSAGES[lang],
  error: errors(lang),
});

const base = polyglotI18nProvider((locale) => translations(locale as Language), initialLanguage(), [
  { locale: 'en-us', name: 'English' },
  { locale: 'ru', name: 'Русский' },
]);

storeLanguage(base.getLocale() as Language);

// react-admin hands counts over as bare numbers ("1-10 of 6117"); the chosen language groups their digits
const localNumbers = (options: Record<string, unknown> | undefined, locale: string) =>
  options &&
  Object.fromEntries(
    Object.entries(options).map(([k, v]) => [
      k,
      typeof v === 'number' && k !== 'smart_count' ? v.toLocaleString(locale) : v,
    ]),
  );

export const i18nProvider = {
  ...base,
  translate: (key: string, options?: Record<string, unknown>) =>
    base.translate(key, key.startsWith('ra.navigation.') ? localNumbers(options, base.getLocale()) : options),
  changeLocale: (locale: string) => {
    storeLanguage(locale as Language);
    return base.changeLocale(locale);
  },
};
