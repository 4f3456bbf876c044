import { addDays, zonedInstant } from '../astro/local-time.ts';
import { scheduleInstant, type ScheduleDay } from './schedule-times.ts';

/** A night a cabinet runs (ISO instants): the stretch from..to its row stands for, lamps on from `on` to `off`. */
export type ScheduleNight = { from: string; to: string; on: string; off: string };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The nights of month records (spec §3 rows: a day's off time is its morning, its on time its evening): each row's
 * night runs from local noon to the next local noon, the lamps on from its on time to the next day's off time
 * (the same clock time as its own off when the next day has no row). A row with no on time keeps them off.
 */
export function scheduleNights(
  months: { month: string; timeData: ScheduleDay[] }[],
  tz: string,
): ScheduleNight[] {
  const rows = new Map<string, ScheduleDay>();
  for (const m of months) for (const d of m.timeData) rows.set(`${m.month}-${pad(d.day)}`, d);
  return [...rows.keys()].sort().map((date) => {
    const row = rows.get(date)!;
    const next = addDays(date, 1);
    const from = zonedInstant(date, '12:00', tz);
    const to = zonedInstant(next, '12:00', tz);
    const offTime = rows.get(next)?.off ?? row.off;
    const on = row.on ? scheduleInstant(date, row.on, tz) : to;
    const off = row.on && offTime ? scheduleInstant(next, offTime, tz) : to;
    return { from: from.toISOString(), to: to.toISOString(), on: on.toISOString(), off: off.toISOString() };
  });
}

/** The month of a local day (YYYY-MM) and the one after it. */
export function monthAndNext(day: string): [string, string] {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return [`${y}-${pad(m)}`, m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`];
}
