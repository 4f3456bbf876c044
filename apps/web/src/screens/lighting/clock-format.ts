import { formatMeasure, type Language } from '@sl/domain';
import { formatClock } from '../../i18n/time-format.ts';

/** An instant on a city's clock, in the reader's language (17:12, 5:12 PM). */
export function clockIn(lang: Language, timeZone: string) {
  return (at: string | number) => formatClock(at, lang, timeZone);
}

/** A clock time HH:MM as the reader writes it, whatever the zone (it is already local). */
export function clockTime(lang: Language) {
  return (minutes: number) => formatClock(Date.UTC(2000, 0, 1, 0, minutes), lang, 'UTC');
}

export const percent = (lang: Language) => (level: number) => formatMeasure(level, 'percent', lang, 0);
