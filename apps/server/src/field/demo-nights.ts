import { addDays, localDay, sunNight, type Place } from '@sl/domain/astro';
import {
  chooseProgram,
  chosenNight,
  type LampFacts,
  type LevelPoint,
  type ProgramWorld,
} from '@sl/domain/lighting';

// The demo's past nights as its program would have burnt them: per kind of lamp (the facts its program is chosen
// by) and UTC day, each hour's burning hours and level-hours (level / 100 times hours), from the astronomical clock.

const HOUR = 3_600_000;

/** Per kind of lamp, each hour's burning hours and level-hours from `start` (a whole UTC hour), hour i at index i. */
export type HourCurves = { start: Date; hours: number; lit: number[][]; lvl: number[][] };

/** The time in [from, to) during which the level is above 0, and the level's integral there, in hours. */
export function integrate(
  points: readonly LevelPoint[],
  from: number,
  to: number,
): { lit: number; lvl: number } {
  let lit = 0;
  let lvl = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const [ta, tb] = [a.at.getTime(), b.at.getTime()];
    const [s, e] = [Math.max(ta, from), Math.min(tb, to)];
    if (e <= s) continue;
    const at = (t: number) => a.level + ((b.level - a.level) * (t - ta)) / (tb - ta);
    if (a.level > 0 || b.level > 0) lit += e - s;
    lvl += ((at(s) + at(e)) / 2) * (e - s);
  }
  return { lit: lit / HOUR, lvl: lvl / 100 / HOUR };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every kind's curves over [start, end) (whole UTC hours), one local night at a time: a night's sun costs ~12 ms, so
 * the event loop is given back between nights.
 */
export async function nightCurves(
  kinds: readonly LampFacts[],
  world: ProgramWorld,
  place: Place & { tz: string },
  start: Date,
  end: Date,
): Promise<HourCurves> {
  const [from, to] = [start.getTime(), end.getTime()];
  const hours = kinds.map(() => new Map<number, { lit: number; lvl: number }>());
  const last = localDay(end, place.tz);
  for (let day = addDays(localDay(start, place.tz), -1); day <= last; day = addDays(day, 1)) {
    const sun = sunNight(place, day, place.tz);
    const nights = new Map<string, LevelPoint[]>();
    kinds.forEach((facts, k) => {
      const choice = chooseProgram(facts, { ...world, ...world.dayOf(day) });
      const key = `${choice.profile}|${choice.twil ?? ''}`;
      let points = nights.get(key);
      if (!points) {
        points = chosenNight(world.profiles, choice, place, day, place.tz, sun).points;
        nights.set(key, points);
      }
      if (!points.length) return;
      const first = Math.max(from, Math.floor(points[0]!.at.getTime() / HOUR) * HOUR);
      for (let h = first; h < to && h < points[points.length - 1]!.at.getTime(); h += HOUR) {
        const got = integrate(points, h, h + HOUR);
        const had = hours[k]!.get(h);
        hours[k]!.set(h, had ? { lit: had.lit + got.lit, lvl: had.lvl + got.lvl } : got);
      }
    });
    await tick();
  }
  const n = Math.round((to - from) / HOUR);
  const of = (k: number, i: number) => hours[k]!.get(from + i * HOUR) ?? { lit: 0, lvl: 0 };
  return {
    start,
    hours: n,
    lit: kinds.map((_, k) => Array.from({ length: n }, (_, i) => round(of(k, i).lit))),
    lvl: kinds.map((_, k) => Array.from({ length: n }, (_, i) => round(of(k, i).lvl))),
  };
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
