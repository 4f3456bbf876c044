import { Body, MakeTime, Observer, SearchAltitude, SearchRiseSet, type AstroTime } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { TWILIGHT_METHODS } from '../status.ts';
import { sunNightFrom, type Place } from './sun-night.ts';
import { TWILIGHT_ALTITUDE, type TwilightMethod } from './twilight-methods.ts';

// Every method on every night of a year against astronomy-engine's own searches, bounded by the night's two noons.
// The reference finds the evening crossing forwards from noon and the morning one backwards from the next noon, so
// neither depends on where the other is: a morning search that finds the evening crossing again cannot agree.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const YEAR = 2026;
const LONGITUDES = [-179.5, -122.4, -43.2, 0, 10.75, 77.6, 151.2];

type Crossings = { evening: AstroTime | null; morning: AstroTime | null };

function referenceCrossings(place: Place, method: TwilightMethod, noon: Date, nextNoon: Date): Crossings {
  const observer = new Observer(place.lat, place.lon, 0);
  const span = (nextNoon.getTime() - noon.getTime()) / DAY_MS;
  const search = (direction: 1 | -1, from: Date, days: number) =>
    method === 'BORDERS'
      ? SearchRiseSet(Body.Sun, observer, direction, MakeTime(from), days)
      : SearchAltitude(Body.Sun, observer, direction, MakeTime(from), days, TWILIGHT_ALTITUDE[method]);
  return { evening: search(-1, noon, span), morning: search(+1, nextNoon, -span) };
}

/** Local mean midnight at the start of `day` (0 = 1 January), so the night counts from that day's noon. */
const localMidnight = (place: Place, day: number) =>
  new Date(Date.UTC(YEAR, 0, 1 + day) - (place.lon / 360) * DAY_MS);

/** Checks one night of every method; returns what disagrees, empty when all is well. */
function disagreements(place: Place, day: number): string[] {
  const night = sunNightFrom(place, localMidnight(place, day));
  const found: string[] = [];
  for (const method of TWILIGHT_METHODS) {
    const { on, off, burn, fallback } = night.methods[method];
    const { evening, morning } = referenceCrossings(place, method, night.noon, night.nextNoon);
    const where = `${method} at ${place.lat},${place.lon} on ${night.noon.toISOString().slice(0, 10)}`;
    const within = (got: Date | null, expected: AstroTime) =>
      got !== null && Math.abs(got.getTime() - expected.date.getTime()) <= MINUTE_MS;
    if (!evening) {
      // not reached this night: the method must not claim a night of its own
      if (burn === 'night' && !fallback)
        found.push(`${where}: on ${on?.toISOString()}, astronomy-engine none`);
      continue;
    }
    if (burn !== 'night' || fallback)
      found.push(`${where}: ${burn} ${fallback ?? ''}, astronomy-engine reached`);
    else if (!within(on, evening))
      found.push(`${where}: on ${on?.toISOString()}, expected ${evening.date.toISOString()}`);
    else if (!morning ? off !== null : !within(off, morning))
      found.push(`${where}: off ${off?.toISOString()}, expected ${morning?.date.toISOString()}`);
    else if (off && off <= on!)
      found.push(`${where}: off ${off.toISOString()} not after on ${on!.toISOString()}`);
  }
  return found;
}

/** Latitudes from `from` to `to` degrees every `step`, on both sides of the equator. */
const bothSides = (from: number, to: number, step: number) =>
  Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step).flatMap((lat) =>
    lat === 0 ? [0] : [lat, -lat],
  );
const EVERY_DAY = Array.from({ length: 365 }, (_, day) => day);

/** The disagreements of the nights on `days(i)` at the i-th latitude, the longitude turning with lat and day. */
const disagreementsAt = (lats: number[], days: (i: number) => number[]) =>
  lats.flatMap((lat, i) =>
    days(i).flatMap((day) => disagreements({ lat, lon: LONGITUDES[(i + day) % LONGITUDES.length]! }, day)),
  );

describe('every method, every night: the lamps go off after they went on, where astronomy-engine says', () => {
  // short nights, where the evening and morning crossings come close, are at high latitudes: every night there
  it('56° to 66° north and south every 2°, every day of the year', () => {
    const found = disagreementsAt(bothSides(56, 66, 2), () => EVERY_DAY);
    expect(found.slice(0, 20), `${found.length} disagreements`).toEqual([]);
  }, 60_000);

  // lower down every third latitude, each on every fifth day, staggered so that together they cover every day
  it('0° to 54° north and south every 3°, every day of the year across the latitudes', () => {
    const found = disagreementsAt(bothSides(0, 54, 3), (i) => EVERY_DAY.filter((day) => day % 5 === i % 5));
    expect(found.slice(0, 20), `${found.length} disagreements`).toEqual([]);
  }, 60_000);

  // past the polar circle: the first and last nights of polar days and nights, and nights without a morning
  it('67° and 70° north and south, every day of the year', () => {
    const found = disagreementsAt([67, -67, 70, -70], () => EVERY_DAY);
    expect(found.slice(0, 20), `${found.length} disagreements`).toEqual([]);
  }, 60_000);
});
