import { addDays, localTime } from '../astro/local-time.ts';
import type { Place, SunNight } from '../astro/sun-night.ts';
import { profileNight, type LevelPoint, type ProfileNight, type ProfileProgram } from './profile-night.ts';

export type YearDay = {
  /** the local day the night starts on, YYYY-MM-DD */
  date: string;
  burn: ProfileNight['burn'];
  on: Date | null;
  off: Date | null;
  /** the switch instants on the city's clock, HH:MM */
  onLocal: string | null;
  offLocal: string | null;
  burnMinutes: number;
  /** burning time weighted by level: minutes at 100 % that use the same energy */
  fullMinutes: number;
};

export type YearMonth = { month: number; burnHours: number; fullHours: number };

export type ProfileYear = { year: number; days: YearDay[]; months: YearMonth[] };

const MINUTE = 60_000;

/** The local days of a year, YYYY-MM-DD. */
export function daysOfYear(year: number): string[] {
  const days: string[] = [];
  const prefix = String(year).padStart(4, '0');
  for (let day = `${prefix}-01-01`; day.startsWith(prefix); day = addDays(day, 1)) days.push(day);
  return days;
}

/** Minutes at 100 % that burn as much as the curve: the area under the level (linear between points) / 100. */
export function fullMinutesOf(points: readonly LevelPoint[]): number {
  let area = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    area += ((b.at.getTime() - a.at.getTime()) / MINUTE) * ((a.level + b.level) / 2);
  }
  return area / 100;
}

/**
 * A profile over every night of a year at a place: each night's switch instants and burning time, and the burning
 * hours of each month (a night counts in the month it starts in). `sunOf` gives each day's sun, so a caller can
 * share the ephemeris, the costly part (a few ms a night), between the profiles of one city.
 */
export function profileYear(
  p: ProfileProgram,
  place: Place,
  year: number,
  tz: string,
  sunOf: (day: string) => SunNight,
): ProfileYear {
  const days = daysOfYear(year).map((date): YearDay => {
    const night = profileNight(p, place, date, tz, sunOf(date));
    const burnMinutes = night.on && night.off ? (night.off.getTime() - night.on.getTime()) / MINUTE : 0;
    return {
      date,
      burn: night.burn,
      on: night.on,
      off: night.off,
      onLocal: night.on && localTime(night.on, tz),
      offLocal: night.off && localTime(night.off, tz),
      burnMinutes: Math.round(burnMinutes),
      fullMinutes: Math.round(fullMinutesOf(night.points)),
    };
  });
  const months = Array.from({ length: 12 }, (_, i): YearMonth => {
    const of = days.filter((d) => Number(d.date.slice(5, 7)) === i + 1);
    const hours = (minutes: number) => Math.round(minutes / 6) / 10;
    return {
      month: i + 1,
      burnHours: hours(of.reduce((sum, d) => sum + d.burnMinutes, 0)),
      fullHours: hours(of.reduce((sum, d) => sum + d.fullMinutes, 0)),
    };
  });
  return { year, days, months };
}
