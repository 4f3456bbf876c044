import type pg from 'pg';
import { copy } from './copy.ts';

// The lamp modules' own rises as rollModules keeps them: a year of `module_days` (24 hourly rises per module and UTC
// day) for every module, all that a group control's consumption reads, and, for the group control's lamps only, their
// `module_hours` (one report an hour, with each hour's rise), which the report read before and is timed as the
// baseline. The first `gcModules` modules are registered, each a luminaire naming the group control. A lamp draws its
// full power (40 to 120 W by module) from 22:00 to 12:00 UTC (dusk to dawn in Boston) and nothing by day.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const power = (m: number) => 40 + (m % 5) * 20;
const burning = (hourUtc: number) => hourUtc >= 22 || hourUtc < 12;
const macOf = (m: number) => `0B${m.toString(16).toUpperCase().padStart(14, '0')}`;

function* hourLines(modules: number, from: Date, hours: number): Generator<string> {
  for (let m = 0; m < modules; m++) {
    let energy = 10_000 + m;
    let runh = 100 + m;
    for (let h = 0; h < hours; h++) {
      const at = new Date(from.getTime() + h * HOUR_MS);
      const wh = burning(at.getUTCHours()) ? power(m) : 0;
      const burn = wh ? 1 : 0;
      const [energyMin, runhMin] = [energy, runh];
      energy += wh;
      runh += burn;
      yield `${macOf(m)}\t${at.toISOString()}\t${energyMin}\t${energy}\t${runhMin}\t${runh}\t${wh}\t1\t${wh}\t${burn}\n`;
    }
  }
}

/** A day's two arrays for module `m`, empty (NULL) in the hours outside [from, to). */
function dayArrays(m: number, day: number, from: number, to: number): string {
  const wh: string[] = [];
  const burn: string[] = [];
  for (let h = 0; h < 24; h++) {
    const at = day + h * HOUR_MS;
    const inRange = at >= from && at < to;
    const lit = burning(h);
    wh.push(inRange ? String(lit ? power(m) : 0) : 'NULL');
    burn.push(inRange ? (lit ? '1' : '0') : 'NULL');
  }
  return `{${wh.join(',')}}\t{${burn.join(',')}}`;
}

function* dayLines(modules: number, from: Date, hours: number): Generator<string> {
  const start = from.getTime();
  const end = start + hours * HOUR_MS;
  const firstDay = start - (start % DAY_MS);
  for (let m = 0; m < modules; m++) {
    const mac = macOf(m);
    const whole = dayArrays(m, firstDay + DAY_MS, -Infinity, Infinity);
    for (let day = firstDay; day < end; day += DAY_MS) {
      const arrays = day < start || day + DAY_MS > end ? dayArrays(m, day, start, end) : whole;
      yield `${mac}\t${new Date(day).toISOString().slice(0, 10)}\t${arrays}\n`;
    }
  }
}

/**
 * The group control's modules and luminaires, in `group`; every module's days; the group control's modules' hours.
 * Resolves with the rows of each.
 */
export async function loadModules(
  pool: pg.Pool,
  group: number,
  groupControl: number,
  { modules, gcModules }: { modules: number; gcModules: number },
  from: Date,
  hours: number,
) {
  await pool.query(
    `with m as (
      insert into luminary_modules (mac, "group")
      select $3 || lpad(upper(to_hex(i)), 14, '0'), $1 from generate_series(0, $4::int - 1) i returning _id, mac)
    insert into luminaries (uid, "group", control_module, profile_group)
    select 'GC-' || m.mac, $1, m._id, $2 from m`,
    [group, groupControl, '0B', gcModules],
  );
  await copy(pool, 'copy module_days (mac, day, wh, burn_h) from stdin', dayLines(modules, from, hours));
  await copy(
    pool,
    `copy module_hours (mac, hour, energy_min, energy_max, runh_min, runh_max, pow_sum, readings, wh, burn_h)
    from stdin`,
    hourLines(gcModules, from, hours),
  );
  const { rows } = await pool.query<{ days: number; hours: number }>(
    `select (select count(*) from module_days)::int as days, (select count(*) from module_hours)::int as hours`,
  );
  return rows[0]!;
}
