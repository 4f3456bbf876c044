import {
  Body,
  Equator,
  Horizon,
  MakeTime,
  Observer,
  SearchAltitude,
  SearchHourAngle,
  SearchRiseSet,
  type AstroTime,
} from 'astronomy-engine';
import { TWILIGHT_METHODS } from '../status.ts';
import { zonedInstant } from './local-time.ts';
import { fallbacksOf, TWILIGHT_ALTITUDE, type TwilightMethod } from './twilight-methods.ts';

export type Place = { lat: number; lon: number };

/**
 * How lamps on one twilight method burn through one local night: from `on` (the evening crossing of the method's
 * altitude) to `off` (the next morning's). `burn` is `all` when the sun stays below the altitude from one noon to
 * the next (polar night: on and off are null, the lamps burn all day), `none` when not even BORDERS is reached
 * (polar day: they stay off). `fallback` names the method whose instants these are when the method's own
 * altitude is not reached that night.
 */
export type MethodNight = {
  on: Date | null;
  off: Date | null;
  burn: 'night' | 'all' | 'none';
  fallback?: TwilightMethod;
};

export type SunNight = {
  /** the solar noon the night is counted from, and the next one */
  noon: Date;
  nextNoon: Date;
  /** almanac sunset and the next sunrise (BORDERS); null on polar days and nights */
  sunset: Date | null;
  sunrise: Date | null;
  polar: null | 'day' | 'night';
  methods: Record<TwilightMethod, MethodNight>;
};

const date = (t: AstroTime | null) => (t ? t.date : null);

/** The sun's altitude, degrees, centre of the disc, without refraction. */
function altitudeAt(observer: Observer, t: AstroTime): number {
  const eq = Equator(Body.Sun, t, observer, true, true);
  return Horizon(t, observer, eq.ra, eq.dec).altitude;
}

/** One method's night between two solar noons, its altitude reached or not; undefined when not reached. */
function ownNight(
  observer: Observer,
  method: TwilightMethod,
  noon: AstroTime,
  nextNoon: AstroTime,
  lowest: number,
  highest: number,
): MethodNight | undefined {
  const altitude = TWILIGHT_ALTITUDE[method];
  if (highest < altitude) return { on: null, off: null, burn: 'all' };
  if (lowest > altitude) return undefined;
  const span = nextNoon.ut - noon.ut;
  // BORDERS is the almanac's sunset: refraction and the disc's size as the almanacs count them
  const cross = (direction: 1 | -1, from: AstroTime, days: number) =>
    method === 'BORDERS'
      ? SearchRiseSet(Body.Sun, observer, direction, from, days)
      : SearchAltitude(Body.Sun, observer, direction, from, days, altitude);
  const on = cross(-1, noon, span);
  // grazing the altitude at midnight, the search may find no crossing: as good as not reached
  if (!on) return undefined;
  // null when the sun does not come back up before the next noon (the first day of a polar night)
  const off = cross(+1, on, nextNoon.ut - on.ut);
  return { on: on.date, off: date(off), burn: 'night' };
}

/** Every method's night from the first solar noon after `from` to the next one. */
export function sunNightFrom(place: Place, from: Date): SunNight {
  const observer = new Observer(place.lat, place.lon, 0);
  const noon = SearchHourAngle(Body.Sun, observer, 0, MakeTime(from), +1).time;
  const nextNoon = SearchHourAngle(Body.Sun, observer, 0, noon.AddDays(0.5), +1).time;
  const midnight = SearchHourAngle(Body.Sun, observer, 12, noon, +1).time;
  // the sun is highest at noon and lowest at midnight
  const lowest = altitudeAt(observer, midnight);
  const highest = altitudeAt(observer, noon);
  const own = Object.fromEntries(
    TWILIGHT_METHODS.map((m) => [m, ownNight(observer, m, noon, nextNoon, lowest, highest)]),
  ) as Record<TwilightMethod, MethodNight | undefined>;
  const methods = Object.fromEntries(
    TWILIGHT_METHODS.map((m) => {
      if (own[m]) return [m, own[m]];
      const fallback = fallbacksOf(m).find((f) => own[f]);
      return [m, fallback ? { ...own[fallback]!, fallback } : { on: null, off: null, burn: 'none' }];
    }),
  ) as Record<TwilightMethod, MethodNight>;
  const borders = methods.BORDERS;
  return {
    noon: noon.date,
    nextNoon: nextNoon.date,
    sunset: borders.burn === 'night' && !borders.fallback ? borders.on : null,
    sunrise: borders.burn === 'night' && !borders.fallback ? borders.off : null,
    polar: borders.burn === 'all' ? 'night' : borders.burn === 'none' ? 'day' : null,
    methods,
  };
}

/** The local night that starts on `day` (YYYY-MM-DD) in the IANA zone `tz`: from that day's solar noon to the next. */
export const sunNight = (place: Place, day: string, tz: string): SunNight =>
  sunNightFrom(place, zonedInstant(day, '00:00', tz));
