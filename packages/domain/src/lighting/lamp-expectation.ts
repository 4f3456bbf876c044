import { localDay } from '../astro/local-time.ts';
import { sunNight, type Place } from '../astro/sun-night.ts';
import { levelAt, type LevelPoint } from './profile-night.ts';

/**
 * What a lamp's program asks of it now, for the day-burning and lamp-out events: `on` when its program has said
 * on for the whole grace time, `dark` when its program has said off for the whole grace time and it is daylight by
 * the astronomical clock (sun above the horizon) throughout; otherwise nothing is asked (a lamp is left to settle
 * around each switch, and a program's own night-time pause is not "day").
 */
export type LampExpectation = 'on' | 'dark' | undefined;

/** Whether the sun is up at `at` at a place (almanac sunrise to sunset; polar days all day, polar nights never). */
export function isDaylight(place: Place, tz: string, at: Date): boolean {
  // the night in progress is counted from the last local noon
  const sun = sunNight(place, localDay(new Date(at.getTime() - 12 * 3_600_000), tz), tz);
  if (sun.polar) return sun.polar === 'day';
  return at < sun.sunset! || at >= sun.sunrise!;
}

export function lampExpectation(
  points: readonly LevelPoint[],
  daylight: (at: Date) => boolean,
  now: Date,
  graceMs: number,
): LampExpectation {
  const before = new Date(now.getTime() - graceMs);
  const on = [before, now].map((t) => levelAt(points, t) > 0);
  if (on[0] && on[1]) return 'on';
  if (!on[0] && !on[1] && daylight(before) && daylight(now)) return 'dark';
  return undefined;
}
