import { alpha, darken, lighten, type Theme } from '@mui/material';
import { DAY_TYPES } from '@sl/domain';
import type { CalendarDay } from './calendar-api.ts';

export type DayType = (typeof DAY_TYPES)[number];

/** One colour per day type, the same in the month, the year and the legend. */
export const DAY_COLOURS: Record<DayType, string> = {
  workday: '#546e7a',
  default: '#1e88e5',
  dayoff: '#00897b',
  weekend: '#f57c00',
  holiday: '#d32f2f',
  events: '#8e24aa',
};

/** What a date shows: its day type if one is set, else weekend on the city's weekend days (a default). */
export type DayLook = { type: DayType; label?: string | null; byDefault: boolean } | undefined;

export function lookOf(set: CalendarDay | undefined, isWeekend: boolean): DayLook {
  if (set && set.type in DAY_COLOURS)
    return { type: set.type as DayType, label: set.label, byDefault: false };
  return isWeekend ? { type: 'weekend', byDefault: true } : undefined;
}

/** A cell's fill: the type's colour, paler for a default than for a day type set by hand. */
export const fillOf = (look: DayLook) =>
  look ? alpha(DAY_COLOURS[look.type], look.byDefault ? 0.1 : 0.22) : 'transparent';

/** A day type's words in its colour, dark enough on light paper and light enough on dark to read (WCAG AA). */
export const textOf = (type: DayType) => (theme: Theme) =>
  theme.palette.mode === 'dark' ? lighten(DAY_COLOURS[type], 0.45) : darken(DAY_COLOURS[type], 0.4);
