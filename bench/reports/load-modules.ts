import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// One group control's lamps as its consumption report reads them: `modules` lamp modules, each a luminaire naming
// the group control, and a year of their hourly rollup rows (module_hours, one report an hour, with each hour's
// rise), streamed in with COPY. A lamp draws its full power (40 to 120 W by module) from 22:00 to 12:00 UTC (dusk to
// dawn in Boston) and nothing by day; its counters only rise.

const power = (m: number) => 40 + (m % 5) * 20;
const burning = (hourUtc: number) => hourUtc >= 22 || hourUtc < 12;
const macOf = (m: number) => `0B${m.toString(16).toUpperCase().padStart(14, '0')}`;

function* lines(modules: number, from: Date, hours: number): Generator<string> {
  let chunk = '';
  for (let m = 0; m < modules; m++) {
    let energy = 10_000 + m;
    let runh = 100 + m;
    for (let h = 0; h < hours; h++) {
      const at = new Date(from.getTime() + h * 3_600_000);
      const wh = burning(at.getUTCHours()) ? power(m) : 0;
      const burn = wh ? 1 : 0;
      const [energyMin, runhMin] = [energy, runh];
      energy += wh;
      runh += burn;
      chunk += `${macOf(m)}\t${at.toISOString()}\t${energyMin}\t${energy}\t${runhMin}\t${runh}\t${wh}\t1\t${wh}\t${burn}\n`;
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

/** The modules and their luminaires, in `group`, naming `groupControl`; then their hours. Resolves with the rows. */
export async function loadGroupControlModules(
  pool: pg.Pool,
  group: number,
  groupControl: number,
  modules: number,
  from: Date,
  hours: number,
) {
  await pool.query(
    `with m as (
      insert into luminary_modules (mac, "group")
      select $3 || lpad(upper(to_hex(i)), 14, '0'), $1 from generate_series(0, $4::int - 1) i returning _id, mac)
    insert into luminaries (uid, "group", control_module, profile_group)
    select 'GC-' || m.mac, $1, m._id, $2 from m`,
    [group, groupControl, '0B', modules],
  );
  const client = await pool.connect();
  try {
    await pipeline(
      Readable.from(lines(modules, from, hours)),
      client.query(
        copyFrom(
          `copy module_hours (mac, hour, energy_min, energy_max, runh_min, runh_max, pow_sum, readings, wh, burn_h)
          from stdin`,
        ),
      ),
    );
  } finally {
    client.release();
  }
  return modules * hours;
}
