import { addDays, localDay, localTime, zonedInstant } from '../astro/local-time.ts';

/** A day of a month record as stored (spec §3): its day of the month, and off and on times in UTC (HH:MM). */
export type ScheduleDay = { day: number; off?: string | null; on?: string | null };
/** A day in the city's local time: date YYYY-MM-DD, off and on HH:MM. */
export type LocalScheduleDay = { date: string; off?: string; on?: string };

const pad = (n: number) => String(n).padStart(2, '0');
const utcTime = (at: Date) => at.toISOString().slice(11, 16);

/** The local days grouped into month records (YYYY-MM), their times in UTC as the city's clock gives them. */
export function toMonthRecords(entries: LocalScheduleDay[], tz: string): Map<string, ScheduleDay[]> {
  const months = new Map<string, ScheduleDay[]>();
  for (const e of [...entries].sort((a, b) => a.date.localeCompare(b.date))) {
    const month = e.date.slice(0, 7);
    const day: ScheduleDay = { day: Number(e.date.slice(8, 10)) };
    if (e.off) day.off = utcTime(zonedInstant(e.date, e.off, tz));
    if (e.on) day.on = utcTime(zonedInstant(e.date, e.on, tz));
    months.set(month, [...(months.get(month) ?? []), day]);
  }
  return months;
}

/**
 * The instant a stored UTC time stands for on a local day: the one instant on that local day whose UTC clock
 * reads `time` (the day before or after in UTC when the zone is far from Greenwich).
 */
export function scheduleInstant(date: string, time: string, tz: string): Date {
  const candidates = [-1, 0, 1].map((n) => new Date(`${addDays(date, n)}T${time}:00Z`));
  return candidates.find((at) => localDay(at, tz) === date) ?? candidates[1]!;
}

/** A month record's days in local time, in day order. */
export function localDays(month: string, days: ScheduleDay[], tz: string): LocalScheduleDay[] {
  return [...days]
    .sort((a, b) => a.day - b.day)
    .map((d) => {
      const date = `${month}-${pad(d.day)}`;
      const local = (t?: string | null) => (t ? localTime(scheduleInstant(date, t, tz), tz) : undefined);
      return { date, ...(d.off && { off: local(d.off) }), ...(d.on && { on: local(d.on) }) };
    });
}

/** Merges a file's days into a month's stored days: a day in both takes the file's times. */
export function mergeDays(stored: ScheduleDay[], incoming: ScheduleDay[]): ScheduleDay[] {
  const byDay = new Map(stored.map((d) => [d.day, d]));
  for (const d of incoming) byDay.set(d.day, d);
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}
