import { getPosition } from 'suncalc';

/** A rough outdoor illuminance for the module's light sensor, from the sun's height. */
export function ambientLux(at: Date, lat: number, lon: number): number {
  const h = getPosition(at, lat, lon).altitude;
  if (h >= 0) return Math.round(400 + 100_000 * Math.sin((h * Math.PI) / 180));
  if (h > -6) return Math.round(400 * (1 + h / 6) * 10) / 10;
  return 0.5;
}
