// Local calendar days and clock times in an IANA time zone, DST included, with nothing but Intl.

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** A real calendar day written YYYY-MM-DD (2024-02-30 and year 0000 are not). */
export function isCalendarDay(day: string): boolean {
  const m = DATE.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

export const isClockTime = (time: string) => TIME.test(time);

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(at: Date, tz: string): Parts {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(at: Date, tz: string): number {
  const p = partsIn(at, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (at.getTime() - at.getUTCMilliseconds());
}

/**
 * The instant of a local clock time on a local day. A time the clocks skip (02:30 on a spring-forward day) is
 * the instant an hour later by the old offset; a time they pass twice is its first passing.
 */
export function zonedInstant(day: string, time: string, tz: string): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // the offset a few hours either side covers both offsets of a DST day; the earlier matching one is the first
  const candidates = [
    wall - offsetAt(new Date(wall - DAY_MS / 4), tz),
    wall - offsetAt(new Date(wall + DAY_MS / 4), tz),
  ];
  const exact = candidates.filter((t) => t + offsetAt(new Date(t), tz) === wall).sort((a, b) => a - b);
  return new Date(exact[0] ?? candidates[0]!);
}

/** The local day (YYYY-MM-DD) of an instant. */
export function localDay(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The local clock time (HH:MM) of an instant. */
export function localTime(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** The local clock time to the second (HH:MM:SS) of an instant. */
export function localClock(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  return [p.hour, p.minute, p.second].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The seconds of a clock time HH:MM:SS since the start of a day that begins at `dayStartHour` o'clock. */
export function secondsIntoDay(clock: string, dayStartHour = 0): number {
  const [h, m, s] = clock.split(':').map(Number) as [number, number, number];
  return ((((h - dayStartHour) * 3600 + m * 60 + s) % 86_400) + 86_400) % 86_400;
}

/** The day after (n = 1) or before (n = −1) a calendar day. */
export function addDays(day: string, n: number): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first local noon after `now` in a time zone. */
export function nextLocalNoon(now: Date, tz: string): Date {
  const today = localDay(now, tz);
  const noon = zonedInstant(today, '12:00', tz);
  return noon > now ? noon : zonedInstant(addDays(today, 1), '12:00', tz);
}
