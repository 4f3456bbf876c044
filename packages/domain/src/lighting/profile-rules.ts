import { minutesOf, nightMinutes } from './clock-minutes.ts';
import type { ProfileProgram } from './profile-night.ts';

// A profile's rules that need no sun: kept apart from the night's computation, so that the entity declaration that
// checks them (and the console that loads it) does not carry the ephemeris.

export { minutesOf, nightMinutes } from './clock-minutes.ts';

/** Which settings a kind reads and in what order they must stand; a message key per broken rule. */
export function profileProblems(p: ProfileProgram): { field: string; problem: 'order' | 'missing' }[] {
  const s = p.settings ?? {};
  const problems: { field: string; problem: 'order' | 'missing' }[] = [];
  if (p.kind === 'symmetrical' && s.time1 && s.time2 && minutesOf(s.time1) > minutesOf(s.time2))
    problems.push({ field: 'settings.time2', problem: 'order' });
  if (p.kind === 'linear') {
    const times = (['time1', 'time2', 'time3', 'time4'] as const).filter((t) => s[t]);
    for (let i = 1; i < times.length; i++)
      if (nightMinutes(s[times[i]!]!) < nightMinutes(s[times[i - 1]!]!))
        problems.push({ field: `settings.${times[i]}`, problem: 'order' });
  }
  return problems;
}
