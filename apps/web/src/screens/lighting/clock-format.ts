import { formatMeasure, type Language } from '@sl/domain';

/** An instant on a city's clock, in the reader's language (17:12, 5:12 PM). */
export function clockIn(lang: Language, timeZone: string) {
  const f = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone });
  return (at: string | number) => f.format(new Date(at));
}

/** A clock time HH:MM as the reader writes it, whatever the zone (it is already local). */
export function clockTime(lang: Language) {
  const f = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return (minutes: number) => f.format(new Date(Date.UTC(2000, 0, 1, 0, minutes)));
}

export const percent = (lang: Language) => (level: number) => formatMeasure(level, 'percent', lang, 0);
