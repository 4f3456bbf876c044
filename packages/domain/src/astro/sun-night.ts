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

const allDay = (): MethodNight => ({ on: null, off: null, burn: 'all' });
/** One second, ten times the library's search tolerance: a search from here cannot land on the crossing before. */
const SEARCH_PAST_DAYS = 1 / 86_400;

type NightBounds = { noon: AstroTime; midnight: AstroTime; nextNoon: AstroTime };

/** The sun's altitude, degrees, centre of the disc, without refraction. */
function altitudeAt(observer: Observer, t: AstroTime): number {
  const eq = Equator(Body.Sun, t, observer, true, true);
  return Horizon(t, observer, eq.ra, eq.dec).altitude;
}

/** One method's night between two solar noons, its altitude reached or not; undefined when not reached. */
function ownNight(
  observer: Observer,
  method: TwilightMethod,
  { noon, midnight, nextNoon }: NightBounds,
  highest: number,
  lowest: number,
): MethodNight | undefined {
  const altitude = TWILIGHT_ALTITUDE[method];
  if (highest < altitude) return allDay();
  // BORDERS is the almanac's sunset: refraction and the disc's size as the almanacs count them
  const cross = (direction: 1 | -1, from: AstroTime, until: AstroTime) =>
    method === 'BORDERS'
      ? SearchRiseSet(Body.Sun, observer, direction, from, until.ut - from.ut)
      : SearchAltitude(Body.Sun, observer, direction, from, until.ut - from.ut, altitude);
  const on = cross(-1, noon, nextNoon);
  // No crossing: the sun stays on one side of the altitude from noon to noon, the side its mean altitude is on (it may
  // graze the altitude at noon: for BORDERS the library's test, rim and refraction, differs a little from `highest`).
  if (!on) return (highest + lowest) / 2 < altitude ? allDay() : undefined;
  // The morning search must start past the evening crossing, or it finds that one again and off = on. Midnight is
  // past it, and the sun only climbs from there; a crossing after midnight is a grazing dip of seconds.
  const from = on.ut < midnight.ut ? midnight : on.AddDays(SEARCH_PAST_DAYS);
  const off = cross(+1, from, nextNoon);
  // both crossings before midnight or within a second: a dip too short to switch for
  if (!off && altitudeAt(observer, nextNoon) >= altitude) return undefined;
  // off null: the sun does not come back up before the next noon (the first day of a polar night)
  return { on: on.date, off: date(off), burn: 'night' };
}

/** Every method's night from the first solar noon after `from` to the next one. */
export function sunNightFrom(place: Place, from: Date): SunNight {
  const observer = new Observer(place.lat, place.lon, 0);
  const noon = SearchHourAngle(Body.Sun, observer, 0, MakeTime(from), +1).time;
  const nextNoon = SearchHourAngle(Body.Sun, observer, 0, noon.AddDays(0.5), +1).time;
  const midnight = SearchHourAngle(Body.Sun, observer, 12, noon, +1).time;
  // the sun is highest at noon and lowest at midnight
  const highest = altitudeAt(observer, noon);
  const lowest = altitudeAt(observer, midnight);
  const bounds = { noon, midnight, nextNoon };
  const own = Object.fromEntries(
    TWILIGHT_METHODS.map((m) => [m, ownNight(observer, m, bounds, highest, lowest)]),
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
