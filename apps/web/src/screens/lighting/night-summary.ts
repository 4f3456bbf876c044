import { nightSwitches, onTheMinute } from '@sl/domain/lighting';
import type { LevelPoint } from './lighting-api.ts';

export type NightSteps = {
  on?: { at: string; level: number };
  /** each change of level while the lamps burn, at the instant the new level is reached */
  changes: LevelPoint[];
  off?: string;
};

const minute = (at: number | string) => onTheMinute(new Date(at)).toISOString();

/**
 * A night's level points as a reader follows them: switched on at a level, each change after that, switched off.
 * The switches are the night's switch times (the domain's, as the cabinet and the lamp's program line say them:
 * lit from the start of the fade in to the end of the fade out); the fades are no change.
 */
export function nightSteps(night: { points: LevelPoint[] }): NightSteps {
  const switches = nightSwitches(night.points.map((p) => ({ at: new Date(p.at), level: p.level })));
  if (!switches.on || !switches.off) return { changes: [] };
  const [on, off] = [switches.on.getTime(), switches.off.getTime()];
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
    changes.push({ at: minute(p.at), level: p.level });
  }
  // the fade out's start repeats the last level, so it is no change; a last step exactly at off is none either
  return {
    on: { at: minute(on), level: first.level },
    changes: changes.filter((c) => Date.parse(c.at) < off),
    off: minute(off),
  };
}
