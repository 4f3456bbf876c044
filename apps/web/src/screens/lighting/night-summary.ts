import type { LevelPoint } from './lighting-api.ts';

export type NightSteps = {
  on?: { at: string; level: number };
  /** each change of level while the lamps burn, at the instant the new level is reached */
  changes: LevelPoint[];
  off?: string;
};

/**
 * A night's level points as a reader follows them: switched on at a level, each change after that, switched off.
 * The fade around a twilight switch is not a change: a switch is named at its twilight instant.
 */
export function nightSteps(night: {
  on: string | null;
  off: string | null;
  points: LevelPoint[];
}): NightSteps {
  if (!night.on || !night.off) return { changes: [] };
  const [on, off] = [Date.parse(night.on), Date.parse(night.off)];
  const burning = night.points.filter((p) => {
    const t = Date.parse(p.at);
    return t >= on && t <= off && p.level > 0;
  });
  const first = burning[0];
  if (!first) return { changes: [] };
  const changes: LevelPoint[] = [];
  let level = first.level;
  for (const p of burning.slice(1)) {
    if (p.level === level) continue;
    level = p.level;
    changes.push(p);
  }
  // the fade out's start repeats the last level, so it is no change; a last step exactly at off is none either
  return {
    on: { at: night.on, level: first.level },
    changes: changes.filter((c) => Date.parse(c.at) < off),
    off: night.off,
  };
}
