import type { LevelPoint } from './profile-night.ts';

/** The levels a lamp's driver can burn at (Luminaries.minPowerLevel and maxPowerLevel, in %). */
export type LevelRange = { min: number; max: number };

/** A lamp's range from its two fields; none when neither narrows 0–100 %. */
export function levelRangeOf(min: number | null | undefined, max: number | null | undefined) {
  const range = { min: Math.max(0, min ?? 0), max: Math.min(100, max ?? 100) };
  return range.min <= 0 && range.max >= 100 ? undefined : range;
}

/**
 * A night's level curve as a lamp with this range burns it: 0 stays off, any other level is held within the range
 * (a driver dimmed below its lowest level burns at that level). The curve stays exact: where a fade crosses a bound
 * a point is added, and a fade to or from 0 holds the lowest level up to its end and then steps.
 */
export function withinLevelRange(points: readonly LevelPoint[], range: LevelRange | undefined): LevelPoint[] {
  if (!range || !points.length) return [...points];
  const lit = (level: number) => Math.min(range.max, Math.max(range.min, level));
  const held = (level: number) => (level <= 0 ? 0 : lit(level));
  const out: LevelPoint[] = [];
  const push = (at: number, level: number) => {
    const last = out.at(-1);
    if (last && last.at.getTime() === at && last.level === level) return;
    out.push({ at: new Date(at), level });
  };
  push(points[0]!.at.getTime(), held(points[0]!.level));
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const [t0, t1] = [a.at.getTime(), b.at.getTime()];
    if (t0 === t1) {
      push(t1, held(b.level));
      continue;
    }
    // a fade from off is lit at once; one to off stays lit to its end
    if (a.level <= 0 && b.level > 0) push(t0, lit(0));
    const crossings = [range.min, range.max]
      .filter((bound) => (a.level - bound) * (b.level - bound) < 0)
      .map((bound) => ({ at: t0 + ((t1 - t0) * (bound - a.level)) / (b.level - a.level), level: bound }))
      .sort((x, y) => x.at - y.at);
    for (const c of crossings) push(Math.round(c.at), held(c.level));
    if (b.level <= 0 && a.level > 0) push(t1, lit(0));
    push(t1, held(b.level));
  }
  return out;
}
