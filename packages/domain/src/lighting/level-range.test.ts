import { describe, expect, it } from 'vitest';
import { levelRangeOf, withinLevelRange } from './level-range.ts';
import { levelAt, type LevelPoint } from './profile-night.ts';

const T = Date.parse('2026-06-01T20:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T + minutes * MIN);
const curve = (...pairs: [number, number][]): LevelPoint[] =>
  pairs.map(([m, level]) => ({ at: at(m), level }));
const plain = (points: LevelPoint[]) => points.map((p) => [(p.at.getTime() - T) / MIN, p.level]);

describe('a lamp held within its power levels', () => {
  it('has no range when neither field narrows 0–100 %', () => {
    expect(levelRangeOf(null, undefined)).toBeUndefined();
    expect(levelRangeOf(0, 100)).toBeUndefined();
    expect(levelRangeOf(30, null)).toEqual({ min: 30, max: 100 });
    expect(levelRangeOf(0, 50)).toEqual({ min: 0, max: 50 });
    expect(levelRangeOf(-5, 150)).toBeUndefined();
  });

  it('leaves a curve alone without a range, and an empty one empty', () => {
    const night = curve([0, 0], [0, 10], [60, 10]);
    expect(withinLevelRange(night, undefined)).toEqual(night);
    expect(withinLevelRange([], { min: 30, max: 80 })).toEqual([]);
  });

  it('keeps a stretch that stays off off, up to a step on', () => {
    const night = curve([0, 0], [30, 0], [30, 50], [60, 50]);
    expect(plain(withinLevelRange(night, { min: 20, max: 100 }))).toEqual(plain(night));
  });

  it('burns a step below its lowest level at that level and one above its highest at that, off stays off', () => {
    const night = curve([0, 0], [0, 100], [60, 100], [60, 20], [120, 20], [120, 0]);
    expect(plain(withinLevelRange(night, { min: 30, max: 80 }))).toEqual([
      [0, 0],
      [0, 80],
      [60, 80],
      [60, 30],
      [120, 30],
      [120, 0],
    ]);
  });

  it('follows a fade exactly: flat where it is past a bound, bending where it crosses one', () => {
    // 100 % down to 0 over 100 minutes, on a driver of 30–80 %
    const range = { min: 30, max: 80 };
    const held = withinLevelRange(curve([0, 0], [0, 100], [100, 0]), range);
    expect(plain(held)).toEqual([
      [0, 0],
      [0, 80],
      [20, 80],
      [70, 30],
      [100, 30],
      [100, 0],
    ]);
    // every minute the curve gives what the driver would: the fade's level held within the range, 0 only at its end
    const fade = curve([0, 0], [0, 100], [100, 0]);
    for (let m = 0; m < 100; m += 1) {
      const want = Math.min(80, Math.max(30, levelAt(fade, at(m + 0.5))));
      expect(levelAt(held, at(m + 0.5))).toBeCloseTo(want, 6);
    }
  });

  it('lights a fade up from off at its lowest level at once', () => {
    expect(plain(withinLevelRange(curve([0, 0], [40, 40], [40, 40]), { min: 20, max: 100 }))).toEqual([
      [0, 0],
      [0, 20],
      [20, 20],
      [40, 40],
    ]);
  });
});
