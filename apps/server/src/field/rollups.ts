import { groupControlOf } from '../db/group-control-of.ts';
import { exclusively } from '../db/query-with.ts';

// The hourly rollups (db/rollup.table.ts) and the meters' average data, kept with each flush of readings.
// Upserts: a reading that arrives late, or in a later flush of the same hour, widens its hour's row.
// Each kind is rolled by one server process at a time (a transaction advisory lock): the statements' parts lock rows
// of several tables in orders no sort can fix (two processes deadlocked 13 times in 7 minutes), and a rise computed
// from a snapshot another process's rollup was changing counted a change twice in the sums.
const MODULE_ROLLUPS = 0x5c_4011;
const METER_ROLLUPS = 0x5c_4012;

/** The driver's own client under drizzle: node-postgres' pool or PGlite, both with `query(text, params)`. */
export type Raw = { query(text: string, params: unknown[]): Promise<unknown> };

/**
 * A meter phase's reading as stored: 65535 already 0 in the instant values and active import (spec §5), the
 * four-quadrant registers (active export, reactive import and export) empty when missing or unreadable.
 */
export type PhaseRow = {
  at: string;
  serial: string;
  phase: number;
  voltage: number;
  current: number;
  power: number;
  energy: number;
  energyExport: number | null;
  reactiveImport: number | null;
  reactiveExport: number | null;
};

/** meter_readings' columns, and the same read from a PhaseRow's JSON record (PHASE_ROW_TYPES) */
export const METER_READING_COLUMNS =
  'at, serial, phase, voltage, current, power, energy, energy_export, reactive_import, reactive_export';
export const PHASE_ROW_VALUES =
  'at, serial, phase, voltage, current, power, energy, "energyExport", "reactiveImport", "reactiveExport"';
export const PHASE_ROW_TYPES = `at timestamptz, serial text, phase int, voltage bigint, current bigint, power bigint,
  energy bigint, "energyExport" bigint, "reactiveImport" bigint, "reactiveExport" bigint`;

/** the registers besides active import: average data's column, and meter_hours' and the row's names */
const REGISTERS = [
  { average: 'na_m', column: 'energy_export', field: 'energyExport' },
  { average: 'nr_p', column: 'reactive_import', field: 'reactiveImport' },
  { average: 'nr_m', column: 'reactive_export', field: 'reactiveExport' },
] as const;

/**
 * An hour's rise of a register on one phase: over the last valid value before the hour, or the hour's own lowest.
 * Looked back for only where the hour has the register: a meter without it would have its whole history read.
 */
const riseOf = (column: string) => `case when h.${column}_max is not null then h.${column}_max - coalesce((
  select b.${column}_max from meter_hours b
  where b.serial = h.serial and b.phase = h.phase and b.hour < h.hour and b.${column}_max is not null
  order by b.hour desc limit 1), h.${column}_min) end`;

/** What a meter's counters multiply by: its transformers' ratios (unset: 1). */
export const METER_RATIO = `coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1)`;

const HOUR = `date_trunc('hour', v.at, 'UTC')`;

export async function rollMeters(pool: Raw, rows: PhaseRow[]): Promise<void> {
  await exclusively(pool, METER_ROLLUPS, {}, (raw) => rollMetersNow(raw, rows));
}

async function rollMetersNow(raw: Raw, rows: PhaseRow[]): Promise<void> {
  const json = JSON.stringify(rows);
  await raw.query(
    `insert into meter_hours as h
       (serial, phase, hour, energy_min, energy_max, power_sum, power_max, voltage_sum, current_sum, readings,
        ${REGISTERS.map((r) => `${r.column}_min, ${r.column}_max`).join(', ')})
     select v.serial, v.phase, ${HOUR}, min(nullif(v.energy, 0)), max(nullif(v.energy, 0)),
       sum(v.power), max(v.power), sum(v.voltage), sum(v.current), count(*),
       ${REGISTERS.map((r) => `min(v."${r.field}"), max(v."${r.field}")`).join(', ')}
     from jsonb_to_recordset($1::jsonb) as v(${PHASE_ROW_TYPES})
     group by 1, 2, 3
     on conflict (serial, phase, hour) do update set
       energy_min = least(h.energy_min, excluded.energy_min),
       energy_max = greatest(h.energy_max, excluded.energy_max),
       ${REGISTERS.map(
         (r) => `${r.column}_min = least(h.${r.column}_min, excluded.${r.column}_min),
       ${r.column}_max = greatest(h.${r.column}_max, excluded.${r.column}_max),`,
       ).join(' ')}
       power_sum = h.power_sum + excluded.power_sum,
       power_max = greatest(h.power_max, excluded.power_max),
       voltage_sum = h.voltage_sum + excluded.voltage_sum,
       current_sum = h.current_sum + excluded.current_sum,
       readings = h.readings + excluded.readings`,
    [json],
  );
  // Each touched hour's consumption (wh: the rise over the last valid value before it, the hour's own first value
  // for a new meter), for the hours that got readings and each phase's next valid hour (a late reading moves its
  // rise); what changed is added to the group's hour (group_hours) and its district's (district_hours), and the
  // meter's average data of those hours is rewritten: naP from those rises, naM, nrP and nrM from their registers'
  // rises the same way (kWh and kvarh, every phase; empty for a meter without the register rather than 0). One
  // statement: its parts see the table as it was before it, hence `fresh` over `h.wh`.
  await raw.query(
    `with arrived as (
       select distinct v.serial, v.phase, ${HOUR} as hour
       from jsonb_to_recordset($1::jsonb) as v(at timestamptz, serial text, phase int)),
     touched as (
       select serial, phase, hour from arrived
       union
       select a.serial, a.phase, n.hour from arrived a cross join lateral (
         select b.hour from meter_hours b
         where b.serial = a.serial and b.phase = a.phase and b.hour > a.hour and b.energy_max is not null
         order by b.hour limit 1) n),
     fresh as (
       select h.serial, h.phase, h.hour, h.wh as old_wh, h.energy_max - coalesce(p.energy_max, h.energy_min) as wh
       from touched t join meter_hours h on h.serial = t.serial and h.phase = t.phase and h.hour = t.hour
       left join lateral (
         select b.energy_max from meter_hours b
         where b.serial = h.serial and b.phase = h.phase and b.hour < h.hour and b.energy_max is not null
         order by b.hour desc limit 1) p on true
       where h.energy_max is not null),
     changed as (
       update meter_hours h set wh = f.wh from fresh f
       where h.serial = f.serial and h.phase = f.phase and h.hour = f.hour and h.wh is distinct from f.wh
       returning f.serial, f.hour, f.wh - coalesce(f.old_wh, 0) as delta),
     summed as (
       insert into group_hours as g ("group", hour, wh)
       select m."group", c.hour, sum(c.delta * ${METER_RATIO})
       from changed c join meters m on m.serial = c.serial and m.deleted_at is null and m."group" is not null
       group by 1, 2 order by 1, 2
       on conflict ("group", hour) do update set wh = g.wh + excluded.wh
       returning 1),
     districts as (
       insert into district_hours as d (district, "group", hour, wh)
       select k.district, coalesce(m."group", 0), c.hour, sum(c.delta * ${METER_RATIO})
       from changed c join meters m on m.serial = c.serial and m.deleted_at is null
       join cabinets k on k._id = m.cabinet and k.deleted_at is null and k.district is not null
       group by 1, 2, 3 order by 1, 3, 2
       on conflict (district, hour, "group") do update set wh = d.wh + excluded.wh
       returning 1)
     insert into meters_average_data (meter, date, "group", na_p, ${REGISTERS.map((r) => r.average).join(', ')})
     select m._id, h.hour, m."group", sum(coalesce(f.wh, h.wh)) * ${METER_RATIO} / 1000.0,
       ${REGISTERS.map((r) => `sum(${riseOf(r.column)}) * ${METER_RATIO} / 1000.0`).join(', ')}
     from (select distinct serial, hour from touched) t
     join meters m on m.serial = t.serial and m.deleted_at is null
     join meter_hours h on h.serial = t.serial and h.hour = t.hour and h.energy_max is not null
     left join fresh f on f.serial = h.serial and f.phase = h.phase and f.hour = h.hour
     group by m._id, h.hour, m."group", m.power_transformation, m.voltage_transformation
     on conflict (meter, date) where deleted_at is null do update set na_p = excluded.na_p,
       ${REGISTERS.map((r) => `${r.average} = excluded.${r.average}`).join(', ')}, updated_at = now()`,
    [json],
  );
}

/** What one module's readings of one hour add to its `module_hours` row. */
type ModuleHour = {
  mac: string;
  hour: string;
  energyMin: number | null;
  energyMax: number | null;
  runhMin: number | null;
  runhMax: number | null;
  powSum: number;
  readings: number;
};

type Reading = { at: string; mac: string; energy?: number | null; runh?: number | null; pow?: number | null };

const HOUR_MS = 3_600_000;
const least = (a: number | null, b: number | null | undefined) =>
  b == null ? a : a == null ? b : Math.min(a, b);
const most = (a: number | null, b: number | null | undefined) =>
  b == null ? a : a == null ? b : Math.max(a, b);

/**
 * A flush's module readings summed per module and UTC hour, ordered by module and hour. A module reports several
 * times per flush at high rates, so this writes one row per module and hour rather than one per reading, and the
 * order keeps two writers (chunks or server processes) from locking the same rows crosswise.
 */
export function moduleHours(readings: readonly Reading[]): ModuleHour[] {
  const byKey = new Map<string, ModuleHour>();
  for (const r of readings) {
    const t = Date.parse(r.at);
    if (Number.isNaN(t)) continue;
    const hour = new Date(t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS)).toISOString();
    const key = `${r.mac}\u0000${hour}`;
    const h = byKey.get(key);
    if (!h) {
      byKey.set(key, {
        mac: r.mac,
        hour,
        energyMin: r.energy ?? null,
        energyMax: r.energy ?? null,
        runhMin: r.runh ?? null,
        runhMax: r.runh ?? null,
        powSum: r.pow ?? 0,
        readings: 1,
      });
      continue;
    }
    h.energyMin = least(h.energyMin, r.energy);
    h.energyMax = most(h.energyMax, r.energy);
    h.runhMin = least(h.runhMin, r.runh);
    h.runhMax = most(h.runhMax, r.runh);
    h.powSum += r.pow ?? 0;
    h.readings += 1;
  }
  return [...byKey.values()].sort((a, b) =>
    a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : 0,
  );
}

/**
 * Module hours (moduleHours) into `module_hours`, widening the rows already there, and their rises.
 * JIT off: the planner prices the sockets' lookup per module high, and compiling rollSaved's statement cost 1.1 s of a
 * 1.4 s flush of 10,000 modules (0.35 s without).
 */
export async function rollModules(pool: Raw, hours: readonly ModuleHour[]): Promise<void> {
  await exclusively(pool, MODULE_ROLLUPS, { jit: 'off' }, (raw) => rollModulesNow(raw, hours));
}

async function rollModulesNow(raw: Raw, hours: readonly ModuleHour[]): Promise<void> {
  const column = <K extends keyof ModuleHour>(k: K) => hours.map((h) => h[k]);
  await raw.query(
    `insert into module_hours as h (mac, hour, energy_min, energy_max, runh_min, runh_max, pow_sum, readings)
     select * from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
       $7::float8[], $8::int[])
     on conflict (mac, hour) do update set
       energy_min = least(h.energy_min, excluded.energy_min),
       energy_max = greatest(h.energy_max, excluded.energy_max),
       runh_min = least(h.runh_min, excluded.runh_min),
       runh_max = greatest(h.runh_max, excluded.runh_max),
       pow_sum = h.pow_sum + excluded.pow_sum,
       readings = h.readings + excluded.readings`,
    [
      column('mac'),
      column('hour'),
      column('energyMin'),
      column('energyMax'),
      column('runhMin'),
      column('runhMax'),
      column('powSum'),
      column('readings'),
    ],
  );
  await rollSaved(raw, column('mac'), column('hour'));
}

/** The last valid value of a module's counter before the hour of `h`. */
const before = (col: string) => `(select b.${col}_max from module_hours b
  where b.mac = h.mac and b.hour < h.hour and b.${col}_max is not null order by b.hour desc limit 1)`;

/**
 * The touched module hours' rises (module_hours.wh, burn_h: over the last valid values before each hour), for the
 * hours that got readings and each module's next hour with a value (a late reading moves its rise), and what changed
 * added to the energy saved under each lamp's group, group control, profile and model as they are now (saved_hours):
 * an hour's saving is counted under the program that ran it. One statement, as in rollMeters.
 */
/** The group control of a lamp's module (`lm`, its lamp `l`), db/group-control-of.ts; 0 for none. */
export const GROUP_CONTROL_OF_MODULE = `coalesce(${groupControlOf('lm._id', 'l.profile_group')}, 0)`;

/**
 * What a lamp (`l`, its model `mo`) draws undimmed, in W: its model's rated power at the lamp's own highest power
 * level (a driver capped at 80 % never draws its full rating, so the savings of dimming are counted from the cap).
 */
export const FULL_POWER_W = `mo.power * coalesce(l.max_power_level, 100) / 100.0`;

/** the hours of a UTC day, 0 to 23: module_days holds one value for each, element i + 1 for hour i */
export const HOURS_OF_DAY = Array.from({ length: 24 }, (_, i) => i);
/** the instant (UTC) at which element `i` (from 1, as unnest's ordinality counts) of `day`'s arrays in module_days starts */
export const hourOfElement = (day: string, i: string) =>
  `(${day} + make_interval(hours => ${i}::int - 1)) at time zone 'UTC'`;
/** `col` of the rows of `from` of each hour of the day, in an array of 24, empty where the day has no such hour */
const dayArray = (col: string) =>
  `array[${HOURS_OF_DAY.map((i) => `max(${col}) filter (where extract(hour from hour at time zone 'UTC') = ${i})`).join(', ')}]`;
/** the newer array's values over the older one's, where the newer has one */
const overlay = (newer: string, older: string) =>
  `array(select coalesce(n, o) from unnest(${newer}, ${older}) with ordinality as u(n, o, i) order by i)`;

/**
 * Writes the module hours in `from` (mac, hour, now_wh, now_burn_h: their rises as they are now) into their days'
 * arrays in module_days, leaving the days' other hours as they were.
 */
const intoModuleDays = (from: string) => `
  insert into module_days as d (mac, day, wh, burn_h)
  select mac, (hour at time zone 'UTC')::date, ${dayArray('now_wh')}, ${dayArray('now_burn_h')}
  from ${from} group by 1, 2 order by 1, 2
  on conflict (mac, day) do update set
    wh = ${overlay('excluded.wh', 'd.wh')}, burn_h = ${overlay('excluded.burn_h', 'd.burn_h')}
  returning 1`;

async function rollSaved(raw: Raw, macs: string[], hours: string[]): Promise<void> {
  await raw.query(
    `with arrived as (
       select distinct v.mac, v.hour from unnest($1::text[], $2::timestamptz[]) as v(mac, hour)),
     touched as (
       select mac, hour from arrived
       union
       select a.mac, n.hour from arrived a cross join lateral (
         select b.hour from module_hours b
         where b.mac = a.mac and b.hour > a.hour and (b.energy_max is not null or b.runh_max is not null)
         order by b.hour limit 1) n),
     fresh as (
       select h.mac, h.hour, h.wh as old_wh, h.burn_h as old_burn_h,
         h.energy_max - coalesce(${before('energy')}, h.energy_min) as wh,
         h.runh_max - coalesce(${before('runh')}, h.runh_min) as burn_h
       from touched t join module_hours h on h.mac = t.mac and h.hour = t.hour),
     changed as (
       update module_hours h set wh = f.wh, burn_h = f.burn_h from fresh f
       where h.mac = f.mac and h.hour = f.hour
         and (h.wh is distinct from f.wh or h.burn_h is distinct from f.burn_h)
       returning f.mac, f.hour, coalesce(f.wh, 0) - coalesce(f.old_wh, 0) as wh,
         coalesce(f.burn_h, 0) - coalesce(f.old_burn_h, 0) as burn_h, f.wh as now_wh, f.burn_h as now_burn_h),
     days as (${intoModuleDays('changed')})
     insert into saved_hours as s ("group", hour, group_control, profile, burn_h, wh, rated_wh, full_wh)
     select coalesce(lm."group", 0), c.hour, ${GROUP_CONTROL_OF_MODULE}, coalesce(lm.profile_id, 0),
       sum(c.burn_h), sum(c.wh), coalesce(sum(c.wh) filter (where mo.power > 0), 0),
       coalesce(sum(c.burn_h * ${FULL_POWER_W}) filter (where mo.power > 0), 0)
     from changed c
     join luminary_modules lm on lm.mac = c.mac and lm.deleted_at is null
     join luminaries l on l.control_module = lm._id and l.deleted_at is null
     left join luminary_models mo on mo._id = l.model
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
     on conflict ("group", hour, group_control, profile) do update set
       burn_h = s.burn_h + excluded.burn_h, wh = s.wh + excluded.wh, rated_wh = s.rated_wh + excluded.rated_wh,
       full_wh = s.full_wh + excluded.full_wh`,
    [macs, hours],
  );
}
