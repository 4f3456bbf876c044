// Calendar days as the server keeps them (YYYY-MM-DD), with no time zone: a day is a day in the city.

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** ISO weekday: 1 Monday … 7 Sunday. */
export const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;

export const weekdayOfDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return weekdayOf(year, month, date);
};

export function shiftMonth(year: number, month: number, by: number) {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks of a month as rows of seven days starting on `firstDay` (ISO); null outside the month. */
export function monthWeeks(year: number, month: number, firstDay: number): (number | null)[][] {
  const lead = (weekdayOf(year, month, 1) - firstDay + 7) % 7;
  const cells = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The weekdays in display order from `firstDay`, as ISO numbers. */
export const weekOrder = (firstDay: number) =>
  Array.from({ length: 7 }, (_, i) => ((firstDay - 1 + i) % 7) + 1);

type WeekInfo = { firstDay: number };
/** The first day of the week where the language is spoken (Intl week data; Monday when the browser has none). */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?(): WeekInfo;
      weekInfo?: WeekInfo;
    };
    return locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

// "ноябрь 2026 г." opens a title as "Ноябрь 2026 г.": only its first letter is raised
const opening = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const format = (language: string, options: Intl.DateTimeFormatOptions, at: number) =>
  opening(new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(at));

/** Names in the language: a month's ("March 2026"), a month alone, a short weekday's and a whole date's. */
export const monthTitle = (language: string, year: number, month: number) =>
  format(language, { month: 'long', year: 'numeric' }, Date.UTC(year, month - 1, 1));
export const monthName = (language: string, month: number) =>
  format(language, { month: 'long' }, Date.UTC(2000, month - 1, 1));
// 1 January 2024 was a Monday
export const weekdayName = (language: string, isoWeekday: number) =>
  format(language, { weekday: 'short' }, Date.UTC(2024, 0, isoWeekday));
export const dayTitle = (language: string, day: string) =>
  format(language, { dateStyle: 'full' }, Date.parse(`${day}T00:00:00Z`));
