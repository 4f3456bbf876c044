import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { AREA_LABELS, ENTITIES, ERRORS, fieldLabel, formatNumber, type Language } from '@sl/domain';
import { initialLanguage, storeLanguage } from './language.ts';
import { MESSAGES } from './messages.ts';

const resources = (lang: Language) => ({
  ...Object.fromEntries(Object.entries(AREA_LABELS).map(([area, label]) => [area, { name: label[lang] }])),
  ...Object.fromEntries(
    ENTITIES.map((e) => [
      e.name,
      {
        // one |||| many (Russian: one |||| few |||| many): react-admin asks a form's heading for one
        name: [e.labelOne[lang], ...Array(lang === 'ru' ? 2 : 1).fill(e.label[lang])].join(' |||| '),
        fields: Object.fromEntries(
          [...Object.keys(e.fields), 'createdAt', 'updatedAt'].map((f) => [f, fieldLabel(f, lang, e.name)]),
        ),
      },
    ]),
  ),
});

const errors = (lang: Language) =>
  Object.fromEntries(Object.entries(ERRORS).map(([code, m]) => [code, m[lang]]));

// Our entity labels are plural nouns, which Russian cannot put after a verb or "Нет" as they stand; the
// defaults that guess a gender ("ещё одну", "Элемент создан") speak of a record instead
const ra = russianMessages.ra;
const russian = {
  ...russianMessages,
  ra: {
    ...ra,
    page: {
      ...ra.page,
      create: '%{name}: создание',
      empty: '%{name}: записей нет.',
      invite: 'Добавить запись?',
    },
    action: { ...ra.action, unselect: 'Снять выбор' },
    message: {
      ...ra.message,
      delete_content: 'Удалить эту запись?',
      bulk_delete_content:
        'Удалить %{name}? |||| Удалить %{smart_count} записи? |||| Удалить %{smart_count} записей?',
    },
    notification: {
      ...ra.notification,
      updated:
        'Запись сохранена |||| Сохранено записей: %{smart_count} |||| Сохранено записей: %{smart_count}',
      created: 'Запись создана',
      deleted: 'Запись удалена |||| Удалено записей: %{smart_count} |||| Удалено записей: %{smart_count}',
      bad_item: 'Неверная запись',
      item_doesnt_exist: 'Такой записи нет',
    },
    validation: {
      ...ra.validation,
      minValue: 'Не меньше %{min}',
      maxValue: 'Не больше %{max}',
      number: 'Должно быть числом',
      email: 'Неверный адрес эл. почты',
    },
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

// react-admin hands counts over as bare numbers ("1-10 of 6117"), and the too-long message its limit and length;
// the chosen language groups their digits
const localNumbers = (options: Record<string, unknown> | undefined, locale: string) =>
  options &&
  Object.fromEntries(
    Object.entries(options).map(([k, v]) => [
      k,
      typeof v === 'number' && k !== 'smart_count' ? formatNumber(v, locale as Language, 6) : v,
    ]),
  );

export const i18nProvider = {
  ...base,
  translate: (key: string, options?: Record<string, unknown>) =>
    base.translate(
      key,
      key.startsWith('ra.navigation.') || key === 'sl.tooLong'
        ? localNumbers(options, base.getLocale())
        : options,
    ),
  changeLocale: (locale: string) => {
    storeLanguage(locale as Language);
    return base.changeLocale(locale);
  },
};
