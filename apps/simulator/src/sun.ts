import { getPosition, getTimes } from 'suncalc';

/** Spec §4 twilight type 3: lamps burn from civil dusk to civil dawn (sun 6° below the horizon). */
export const TWILIGHT_CIVIL = 3;

export function isNight(at: Date, lat: number, lon: number): boolean {
  const { dawn, dusk } = getTimes(at, lat, lon);
  // polar days and nights have no dawn or dusk; the sun's height decides
  if (!dawn || !dusk) return getPosition(at, lat, lon).altitude < -6;
  return at < dawn || at >= dusk;
}

/** A rough outdoor illuminance for the module's light sensor, from the sun's height. */
export function ambientLux(at: Date, lat: number, lon: number): number {
  const h = getPosition(at, lat, lon).altitude;
  if (h >= 0) return Math.round(400 + 100_000 * Math.sin((h * Math.PI) / 180));
  if (h > -6) return Math.round(400 * (1 + h / 6) * 10) / 10;
  return 0.5;
}
