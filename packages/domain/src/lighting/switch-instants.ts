import type { ControllerProgram } from './compile-program.ts';
import { levelAt } from './profile-night.ts';

/**
 * When a cabinet following its lighting program closes and opens its contactors between `from` and `to`: closed
 * while any of its lamps is above 0 (as the controller works them), so the first instant one is lit and the
 * first after it when none is. `off` is `to` when the lamps still burn then; both null when none is lit.
 */
export function switchInstants(
  program: ControllerProgram,
  from: Date,
  to: Date,
): { on: Date | null; off: Date | null } {
  const instants = new Set([from.getTime()]);
  for (const t of program.tables)
    for (const p of t.points) if (p.at >= from && p.at < to) instants.add(p.at.getTime());
  // a level leaving 0 at a point (a step, or the start of a ramp) is lit just after it
  const lit = (at: number) => program.tables.some((t) => levelAt(t.points, new Date(at + 1)) > 0);
  const sorted = [...instants].sort((a, b) => a - b);
  const on = sorted.find(lit);
  if (on === undefined) return { on: null, off: null };
  const off = sorted.find((at) => at > on && !lit(at));
  return { on: new Date(on), off: new Date(off ?? to.getTime()) };
}
