import type { SunNight } from '../astro/sun-night.ts';
import type { TwilightMethod } from '../astro/twilight-methods.ts';
import { addDays, localTime } from '../astro/local-time.ts';

/** A day filled from twilight, in local time: its morning's off and evening's on, and the sun's own times. */
export type TwilightDay = { date: string; off?: string; on?: string; sunrise?: string; sunset?: string };

const MINUTE = 60_000;
const at = (d: Date | null | undefined, minutes: number, tz: string) =>
  d ? localTime(new Date(d.getTime() + minutes * MINUTE), tz) : undefined;

/**
 * The usual way a power schedule is made: each day's on time is the evening crossing of a twilight method plus
 * `onOffset` minutes, its off time the morning crossing plus `offOffset` (the night before's). `suns` holds the
 * night of every day asked for and of the day before the first. Polar days and nights leave the times empty.
 */
export function twilightDays(
  suns: ReadonlyMap<string, SunNight>,
  days: string[],
  method: TwilightMethod,
  offsets: { on: number; off: number },
  tz: string,
): TwilightDay[] {
  return days.map((date) => {
    const evening = suns.get(date);
    const morning = suns.get(addDays(date, -1));
    const day: TwilightDay = { date };
    const off = at(morning?.methods[method].off, offsets.off, tz);
    const on = at(evening?.methods[method].on, offsets.on, tz);
    const sunrise = at(morning?.sunrise, 0, tz);
    const sunset = at(evening?.sunset, 0, tz);
    return {
      ...day,
      ...(off && { off }),
      ...(on && { on }),
      ...(sunrise && { sunrise }),
      ...(sunset && { sunset }),
    };
  });
}
