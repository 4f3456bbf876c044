import type pg from 'pg';
import { copy } from './copy.ts';

// A year of a city's lamps as the energy-saved report reads it: the pre-summed hours (saved_hours) that rollModules
// leaves for `modules` lamp modules reporting every hour, each under its group control (0: none, 1..3) and profile
// (1..20): burning from 22:00 to 12:00 UTC (dusk to dawn in Boston), at full power, or at half from 04:00 to 10:00
// UTC (23:00 to 05:00 local) under the ten night-dimming profiles. Full power 40 to 120 W by module.

const GROUP_CONTROLS = 4;
const PROFILES = 20;
const power = (m: number) => 40 + (m % 5) * 20;
const burning = (hourUtc: number) => hourUtc >= 22 || hourUtc < 12;
const level = (hourUtc: number, profile: number) => (profile <= 10 && hourUtc >= 4 && hourUtc < 10 ? 0.5 : 1);

/** Writes the hours; resolves with the rows written and the full-power Wh of the whole range. */
export async function loadSavedHours(
  pool: pg.Pool,
  group: number,
  modules: number,
  from: Date,
  hours: number,
) {
  // per (group control, profile): how many modules and their full power summed
  const combos = new Map<string, { gc: number; profile: number; n: number; watts: number }>();
  for (let m = 0; m < modules; m++) {
    const gc = m % GROUP_CONTROLS;
    const profile = 1 + (Math.floor(m / GROUP_CONTROLS) % PROFILES);
    const key = `${gc}:${profile}`;
    const c = combos.get(key) ?? { gc, profile, n: 0, watts: 0 };
    combos.set(key, c);
    c.n += 1;
    c.watts += power(m);
  }
  let rows = 0;
  function* lines(): Generator<string> {
    for (let h = 0; h < hours; h++) {
      const at = new Date(from.getTime() + h * 3_600_000);
      const utc = at.getUTCHours();
      const lit = burning(utc);
      for (const c of combos.values()) {
        const full = lit ? c.watts : 0;
        rows += 1;
        yield `${group}\t${at.toISOString()}\t${c.gc}\t${c.profile}\t${lit ? c.n : 0}\t${full * level(utc, c.profile)}\t${full * level(utc, c.profile)}\t${full}\n`;
      }
    }
  }
  await copy(
    pool,
    `copy saved_hours ("group", hour, group_control, profile, burn_h, wh, rated_wh, full_wh) from stdin`,
    lines(),
  );
  return { rows, combos: combos.size };
}
