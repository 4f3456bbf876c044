import type pg from 'pg';
import { copy } from './copy.ts';

// A year of a city's meters as the reports read it: the hourly rollup rows (meter_hours) that 15-minute readings
// leave, four readings an hour per phase, with each hour's rise (wh), and the group's pre-summed hours
// (group_hours) that the same rows give, streamed into the tables with COPY. A lamp cabinet draws about 1.5 kWh a
// phase an hour by night and little by day; its counters only rise.

const PHASES = [1, 2, 3];

/** The counter rise of one phase in one UTC hour, Wh: lit from 22:00 to 12:00 UTC (dusk to dawn in Boston). */
const riseOf = (hourUtc: number, cabinet: number) =>
  hourUtc >= 22 || hourUtc < 12 ? 1400 + (cabinet % 200) : 12 + (cabinet % 5);

/** An hour's wh: its rise, the first hour's over its own first value (nothing is before it). */
const firstWh = (h: number, rise: number) => (h === 0 ? rise - Math.round(rise / 8) : rise);

function* lines(serials: string[], from: Date, hours: number): Generator<string> {
  for (let c = 0; c < serials.length; c++) {
    const counters = PHASES.map((p) => 1_000_000 * p + c * 37);
    for (let h = 0; h < hours; h++) {
      const at = new Date(from.getTime() + h * 3_600_000);
      const iso = at.toISOString();
      const rise = riseOf(at.getUTCHours(), c);
      for (let p = 0; p < PHASES.length; p++) {
        const min = counters[p]! + Math.round(rise / 8);
        counters[p]! += rise;
        const watts = rise * 100;
        const wh = firstWh(h, rise);
        yield `${serials[c]}\t${PHASES[p]}\t${iso}\t${min}\t${counters[p]}\t${watts * 4}\t${watts}\t${4 * 12000}\t${4 * rise * 8}\t4\t${wh}\n`;
      }
    }
  }
}

/** Writes `hours` hourly rows per phase of every meter from `from`; resolves with the rows written. */
export async function loadMeterHours(pool: pg.Pool, serials: string[], from: Date, hours: number) {
  await copy(
    pool,
    `copy meter_hours (serial, phase, hour, energy_min, energy_max, power_sum, power_max, voltage_sum,
      current_sum, readings, wh) from stdin`,
    lines(serials, from, hours),
  );
  return serials.length * PHASES.length * hours;
}

/** Each hour's wh of `cabinets` meters of the rows above (ratio 1, every phase), as the pre-summed tables keep it. */
function* summed(cabinets: number, from: Date, hours: number, key: string): Generator<string> {
  for (let h = 0; h < hours; h++) {
    const at = new Date(from.getTime() + h * 3_600_000);
    let wh = 0;
    for (let c = 0; c < cabinets; c++) wh += PHASES.length * firstWh(h, riseOf(at.getUTCHours(), c));
    yield `${key}\t${at.toISOString()}\t${wh}\n`;
  }
}

/**
 * A pre-summed table's hours (group_hours, district_hours) as rollMeters leaves them for the first `cabinets` meters,
 * under one key: `columns` its key columns, `key` their values.
 */
export async function loadSummedHours(
  pool: pg.Pool,
  table: string,
  columns: string[],
  key: number[],
  cabinets: number,
  from: Date,
  hours: number,
) {
  await copy(
    pool,
    `copy ${table} (${columns.join(', ')}, hour, wh) from stdin`,
    summed(cabinets, from, hours, key.join('\t')),
  );
  return hours;
}
