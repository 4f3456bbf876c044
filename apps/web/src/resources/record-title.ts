import { entity, type Language } from '@sl/domain';
import { i18nProvider } from '../i18n/i18n-provider.ts';

/** How a record is named in references and titles: its title field, in the user's language when it has one per
 *  language (city names), else its UID. */
export function recordTitle(entityName: string) {
  const field = entity(entityName).titleField!;
  return (record: Record<string, unknown>): string => {
    const value = record[field];
    if (value && typeof value === 'object') {
      const names = value as Partial<Record<Language, string>>;
      return names[i18nProvider.getLocale() as Language] ?? names['en-us'] ?? '';
    }
    if (value != null && value !== '') return String(value);
    // a lamp is named only now and then; its UID always tells it
    return record.uid ? String(record.uid) : `#${String(record._id ?? '')}`;
  };
}
