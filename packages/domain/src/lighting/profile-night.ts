import { localDay, zonedInstant } from '../astro/local-time.ts';
import { minutesOf } from './clock-minutes.ts';
import { sunNight, type MethodNight, type Place, type SunNight } from '../astro/sun-night.ts';
import {
  TWILIGHT_FADE_MINUTES,
  twilightOfCode,
  type Twilight,
  type TwilightMethod,
} from '../astro/twilight-methods.ts';

/**
 * What the four profile kinds of spec §4 mean (settings time1..time4 as HH:MM, pwm0..pwm4 in percent):
 * - onOff: burns at pwm0 (100 when unset) from the twilight method's evening instant to its morning instant.
 * - setRise: burns at pwm0 (100) from sunset + time1 to sunrise − time2 (almanac sunset and sunrise, whatever the
 *   method; both offsets 00:00 when unset).
 * - symmetrical (six points): pwm0 from switch-on, pwm1 from switch-on + time1, pwm2 from switch-on + time2; then
 *   the same in mirror: pwm1 from switch-off − time2, pwm0 from switch-off − time1, off at switch-off. time1 and
 *   time2 are offsets (durations), time1 ≤ time2; on a night too short for them they meet at its middle.
 * - linear (eight points): 0 before switch-on, pwm0 at switch-on, pwm1..pwm4 at the clock times time1..time4, pwm4
 *   until switch-off, 0 after; the level moves linearly from each point to the next. The clock times are local and
 *   in night order: a time from 12:00 belongs to the evening, a time before 12:00 to the next morning; a time
 *   outside the night's burning is left out (its level still carries on to the next point).
 * A level is held between points except in linear; a switch at a twilight instant fades linearly over
 * TWILIGHT_FADE_MINUTES centred on it, or is a step for a speed twilight (code above 100).
 */
export const PROFILE_KIND_POINTS = { onOff: 2, setRise: 2, symmetrical: 6, linear: 8 } as const;
export type ProfileKind = keyof typeof PROFILE_KIND_POINTS;

export type ProfileSettings = Partial<{
  time1: string;
  time2: string;
  time3: string;
  time4: string;
  pwm0: number;
  pwm1: number;
  pwm2: number;
  pwm3: number;
  pwm4: number;
  twil: number;
}>;

export type ProfileProgram = {
  kind: ProfileKind;
  twilightMethod?: TwilightMethod;
  settings?: ProfileSettings | null;
};

/** A point of the night's level: between two points the level moves linearly; two points at one instant are a step. */
export type LevelPoint = { at: Date; level: number };

export type ProfileNight = {
  method: TwilightMethod;
  speed: boolean;
  fallback?: TwilightMethod;
  burn: MethodNight['burn'];
  /** the instants the lamps switch on and off (null on polar days and nights) */
  on: Date | null;
  off: Date | null;
  points: LevelPoint[];
};

const MINUTE = 60_000;

/** The twilight a profile follows: its settings' code where valid, else its method, else MID. */
export function profileTwilight(p: ProfileProgram): Twilight {
  const fromCode = p.settings?.twil === undefined ? undefined : twilightOfCode(p.settings.twil);
  return fromCode ?? { method: p.twilightMethod ?? 'MID', speed: false };
}

/**
 * The night of a profile at a place on the local night that starts on `day`, as level points in UTC. `sun`, that
 * night's sun at the place, may be given when many profiles are computed for one place (it costs ~12 ms).
 */
export function profileNight(
  p: ProfileProgram,
  place: Place,
  day: string,
  tz: string,
  sun: SunNight = sunNight(place, day, tz),
): ProfileNight {
  const twilight = profileTwilight(p);
  const own = p.kind === 'setRise' ? sun.methods.BORDERS : sun.methods[twilight.method];
  const s = p.settings ?? {};
  const level = (n: 0 | 1 | 2 | 3 | 4, fallback = 100) => s[`pwm${n}`] ?? fallback;
  const base = {
    method: p.kind === 'setRise' ? ('BORDERS' as const) : twilight.method,
    speed: twilight.speed,
    ...(own.fallback && { fallback: own.fallback }),
    burn: own.burn,
  };
  if (own.burn === 'none') return { ...base, on: null, off: null, points: [] };
  // polar night: from noon to noon, with no twilight to fade in
  const allDay = own.burn === 'all';
  let on = allDay ? sun.noon : own.on!;
  let off = allDay ? sun.nextNoon : (own.off ?? sun.nextNoon);
  if (p.kind === 'setRise' && !allDay) {
    on = new Date(on.getTime() + minutesOf(s.time1) * MINUTE);
    off = new Date(off.getTime() - minutesOf(s.time2) * MINUTE);
    if (off <= on) return { ...base, on: null, off: null, points: [] };
  }
  const fade = allDay || twilight.speed ? 0 : (TWILIGHT_FADE_MINUTES * MINUTE) / 2;
  const inner = innerPoints(p.kind, s, on, off, day, tz, level);
  const first = inner[0]!.level;
  const last = inner[inner.length - 1]!.level;
  const points = [
    { at: new Date(on.getTime() - fade), level: 0 },
    ...(fade ? [{ at: new Date(on.getTime() + fade), level: first }] : [{ at: on, level: first }]),
    ...inner.filter((x) => x.at.getTime() > on.getTime() + fade && x.at.getTime() < off.getTime() - fade),
    ...(fade ? [{ at: new Date(off.getTime() - fade), level: last }] : [{ at: off, level: last }]),
    { at: new Date(off.getTime() + fade), level: 0 },
  ];
  return { ...base, on, off, points: dedupe(points) };
}

function innerPoints(
  kind: ProfileKind,
  s: ProfileSettings,
  on: Date,
  off: Date,
  day: string,
  tz: string,
  level: (n: 0 | 1 | 2 | 3 | 4, fallback?: number) => number,
): LevelPoint[] {
  const at = (ms: number) => new Date(ms);
  const [t0, t1] = [on.getTime(), off.getTime()];
  if (kind === 'onOff' || kind === 'setRise')
    return [
      { at: on, level: level(0) },
      { at: off, level: level(0) },
    ];
  if (kind === 'symmetrical') {
    const middle = (t0 + t1) / 2;
    const a = Math.min(t0 + minutesOf(s.time1) * MINUTE, middle);
    const b = Math.min(t0 + minutesOf(s.time2) * MINUTE, middle);
    const [p0, p1, p2] = [level(0), level(1, level(0)), level(2, level(1, level(0)))];
    // each change is a step: the level before it, then the level after it, at one instant
    return [
      { at: on, level: p0 },
      { at: at(a), level: p0 },
      { at: at(a), level: p1 },
      { at: at(b), level: p1 },
      { at: at(b), level: p2 },
      { at: at(t1 - (b - t0)), level: p2 },
      { at: at(t1 - (b - t0)), level: p1 },
      { at: at(t1 - (a - t0)), level: p1 },
      { at: at(t1 - (a - t0)), level: p0 },
      { at: off, level: p0 },
    ];
  }
  // linear: clock times of the night, placed on the evening's day or the next morning's
  const nextDay = localDay(new Date(zonedInstant(day, '12:00', tz).getTime() + 86_400_000), tz);
  const clock = (hhmm: string) =>
    zonedInstant(minutesOf(hhmm) >= 12 * 60 ? day : nextDay, hhmm, tz).getTime();
  const points: LevelPoint[] = [{ at: on, level: level(0) }];
  let held = level(0);
  for (const n of [1, 2, 3, 4] as const) {
    const time = s[`time${n}`];
    if (!time) continue;
    held = level(n, held);
    const t = clock(time);
    // a clock time outside this night's burning is left out; its level still carries on to the next point
    if (t > t0 && t < t1) points.push({ at: at(t), level: held });
  }
  points.push({ at: off, level: held });
  return points;
}

/** The level of a linear curve at `t`. */
export function levelAt(points: readonly LevelPoint[], at: Date): number {
  const t = at.getTime();
  if (!points.length || t < points[0]!.at.getTime()) return 0;
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    if (p.at.getTime() > t) continue;
    const next = points[i + 1];
    if (!next || next.at.getTime() === p.at.getTime()) return p.level;
    const f = (t - p.at.getTime()) / (next.at.getTime() - p.at.getTime());
    return p.level + (next.level - p.level) * f;
  }
  return 0;
}

/** The next change after `now`: where the level starts to move away from what it is at `now`, and to what. */
export function nextChange(points: readonly LevelPoint[], now: Date): LevelPoint | undefined {
  const current = levelAt(points, now);
  const i = points.findIndex((p) => p.at > now && p.level !== current);
  if (i < 0) return undefined;
  const before = points[i - 1];
  return { at: before && before.at > now ? before.at : now, level: points[i]!.level };
}

/** Drops a point that repeats the one before it. */
const dedupe = (points: LevelPoint[]) =>
  points.filter(
    (p, i) => i === 0 || p.at.getTime() !== points[i - 1]!.at.getTime() || p.level !== points[i - 1]!.level,
  );
