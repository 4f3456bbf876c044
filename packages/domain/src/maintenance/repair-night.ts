import { sunNightFrom, type Place } from '../astro/sun-night.ts';

const HOUR = 3_600_000;
/** After the morning's switch-off, time for the night's last readings and events to come in. */
export const VERIFY_AFTER_DAWN_MS = 30 * 60_000;

/**
 * The night a repair done at `doneAt` is proved by: the first one whose dusk (sunset) comes after it, from dusk to
 * the next dawn. On a polar night the lamps burn from noon to noon; on a polar day they never burn, and the day
 * after the repair stands for the night.
 */
export function repairNight(place: Place, doneAt: Date): { from: Date; until: Date } {
  let night = sunNightFrom(place, new Date(doneAt.getTime() - 12 * HOUR));
  for (let i = 0; i < 3; i++) {
    const dusk = night.sunset ?? night.noon;
    if (dusk.getTime() > doneAt.getTime()) break;
    night = sunNightFrom(place, new Date(night.noon.getTime() + HOUR));
  }
  if (night.polar === 'day') return { from: doneAt, until: new Date(doneAt.getTime() + 24 * HOUR) };
  return { from: night.sunset ?? night.noon, until: night.sunrise ?? night.nextNoon };
}
