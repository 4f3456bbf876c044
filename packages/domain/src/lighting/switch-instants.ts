import type { ControllerProgram } from './compile-program.ts';
import { levelAt, nextChange, type LevelPoint } from './profile-night.ts';

const MINUTE = 60_000;
type Switches = { on: Date | null; off: Date | null };

/** The one rounding of a switch time (issue 28 §3): to the nearest minute, wherever it is shown or sent. */
export const onTheMinute = (at: Date): Date => new Date(Math.round(at.getTime() / MINUTE) * MINUTE);

/**
 * When lamps following these point lists switch between `from` and `to`, on the minute: on at the first instant
 * one is lit (a fade in starts there), off at the first after it when none is (a fade out has ended). `off` is `to`
 * when they still burn then; both null when none is lit. The one source of a night's on and off times: the
 * cabinet's tonight, the profile chart and a lamp's program line (the map popup) all read it.
 */
export function switchTimes(lists: readonly (readonly LevelPoint[])[], from: Date, to: Date): Switches {
  const instants = new Set([from.getTime()]);
  for (const points of lists)
    for (const p of points) if (p.at >= from && p.at < to) instants.add(p.at.getTime());
  // a level leaving 0 at a point (a step, or the start of a ramp) is lit just after it
  const lit = (at: number) => lists.some((points) => levelAt(points, new Date(at + 1)) > 0);
  const sorted = [...instants].sort((a, b) => a - b);
  const on = sorted.find(lit);
  if (on === undefined) return { on: null, off: null };
  const off = sorted.find((at) => at > on && !lit(at));
  return { on: onTheMinute(new Date(on)), off: onTheMinute(new Date(off ?? to.getTime())) };
}

/** When a cabinet following its lighting program closes and opens its contactors between `from` and `to`. */
export const switchInstants = (program: ControllerProgram, from: Date, to: Date): Switches =>
  switchTimes(
    program.tables.map((t) => t.points),
    from,
    to,
  );

/** One night's points (a profile's, a lamp's) switched on and off. */
export function nightSwitches(points: readonly LevelPoint[]): Switches {
  if (!points.length) return { on: null, off: null };
  return switchTimes([points], points[0]!.at, new Date(points.at(-1)!.at.getTime() + 1));
}

/**
 * A lamp's next step after `now`, as its program line says it: a switch on or off at the night's switch time,
 * any other change when it begins, on the minute.
 */
export function nextStep(points: readonly LevelPoint[], now: Date): LevelPoint | undefined {
  const next = nextChange(points, now);
  if (!next) return undefined;
  const { on, off } = nightSwitches(points);
  if (next.level === 0 && off) return { at: off, level: 0 };
  if (levelAt(points, now) === 0 && on && on > now) return { at: on, level: next.level };
  return { at: onTheMinute(next.at), level: next.level };
}
