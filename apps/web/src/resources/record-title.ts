import { entity, recordTitle as titleOf, type Language } from '@sl/domain';
import { i18nProvider } from '../i18n/i18n-provider.ts';

/** How a record is named in references and titles, in the user's language (the domain's rule). */
export function recordTitle(entityName: string) {
  const e = entity(entityName);
  return (record: Record<string, unknown>): string =>
    titleOf(e, record, i18nProvider.getLocale() as Language);
}
