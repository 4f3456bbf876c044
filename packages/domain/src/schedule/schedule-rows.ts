import { isCalendarDay, isClockTime } from '../astro/local-time.ts';

/** One line of a schedule file as read: its number (from 1) and its cells, and its sheet in a workbook. */
export type ScheduleLine = { line: number; cells: string[]; sheet?: string };
/** A day of the file in the city's local time: date YYYY-MM-DD, off and on HH:MM. */
export type ScheduleEntry = { line: number; date: string; off: string; on: string };
/** `dropped`: the line has no valid date (spec §5); `refused`: its date is good but a time is not. */
export type ScheduleProblem = {
  line: number;
  sheet?: string;
  column: 'date' | 'off' | 'on';
  reason: 'invalid' | 'required' | 'duplicate';
  outcome: 'dropped' | 'refused';
};

const DATE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const pad = (n: string) => n.padStart(2, '0');

/** DD-MM-YYYY (also with `.` or `/`) as YYYY-MM-DD, or undefined when it is no real day (30-02-2026). */
export function scheduleDate(raw: string): string | undefined {
  const m = DATE.exec(raw.trim());
  const day = m && `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  return day && isCalendarDay(day) ? day : undefined;
}

/** H:MM, HH:MM or HH:MM:SS as HH:MM, or undefined (25:00, 7.30). */
export function scheduleTime(raw: string): string | undefined {
  const m = TIME.exec(raw.trim());
  const time = m && `${pad(m[1]!)}:${m[2]}`;
  return time && isClockTime(time) ? time : undefined;
}

/**
 * Spec §5: the first three columns are date (DD-MM-YYYY), off time, on time. A line without a valid date is
 * dropped, a line whose times are not clock times is refused, both reported. Lines before a sheet's first dated
 * line with no digit in their first cell are its header (column names, the controller, city and time zone);
 * blank lines are ignored.
 */
export function readScheduleLines(lines: ScheduleLine[]) {
  const entries: ScheduleEntry[] = [];
  const problems: ScheduleProblem[] = [];
  const seen = new Set<string>();
  const started = new Set<string | undefined>();
  for (const { line, cells, sheet } of lines) {
    const [rawDate = '', rawOff = '', rawOn = ''] = cells.map((c) => c.trim());
    if (!rawDate && !rawOff && !rawOn) continue;
    if (!started.has(sheet) && !/\d/.test(rawDate)) continue;
    started.add(sheet);
    const at = { line, ...(sheet !== undefined && { sheet }) };
    const date = scheduleDate(rawDate);
    if (!date) {
      problems.push({ ...at, column: 'date', reason: rawDate ? 'invalid' : 'required', outcome: 'dropped' });
      continue;
    }
    const off = scheduleTime(rawOff);
    const on = scheduleTime(rawOn);
    const bad = (['off', 'on'] as const).filter((c) => !(c === 'off' ? off : on));
    for (const column of bad) {
      const raw = column === 'off' ? rawOff : rawOn;
      problems.push({ ...at, column, reason: raw ? 'invalid' : 'required', outcome: 'refused' });
    }
    if (bad.length) continue;
    if (seen.has(date)) {
      problems.push({ ...at, column: 'date', reason: 'duplicate', outcome: 'refused' });
      continue;
    }
    seen.add(date);
    entries.push({ line, date, off: off!, on: on! });
  }
  return { entries, problems };
}
