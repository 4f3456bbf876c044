// The hourly rollups (db/rollup.table.ts) and the meters' average data, kept with each flush of readings.
// Upserts: a reading that arrives late, or in a later flush of the same hour, widens its hour's row.

/** The driver's own client under drizzle: node-postgres' pool or PGlite, both with `query(text, params)`. */
export type Raw = { query(text: string, params: unknown[]): Promise<unknown> };

/** A meter phase's reading as stored (65535 already 0). */
export type PhaseRow = {
  at: string;
  serial: string;
  phase: number;
  voltage: number;
  current: number;
  power: number;
  energy: number;
};

/** What a meter's counters multiply by: its transformers' ratios (unset: 1). */
export const METER_RATIO = `coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1)`;

const HOUR = `date_trunc('hour', v.at, 'UTC')`;

export async function rollMeters(raw: Raw, rows: PhaseRow[]): Promise<void> {
  const json = JSON.stringify(rows);
  await raw.query(
    `insert into meter_hours as h
       (serial, phase, hour, energy_min, energy_max, power_sum, power_max, voltage_sum, current_sum, readings)
     select v.serial, v.phase, ${HOUR}, min(nullif(v.energy, 0)), max(nullif(v.energy, 0)),
       sum(v.power), max(v.power), sum(v.voltage), sum(v.current), count(*)
     from jsonb_to_recordset($1::jsonb) as v(
       at timestamptz, serial text, phase int, voltage bigint, current bigint, power bigint, energy bigint)
     group by 1, 2, 3
     on conflict (serial, phase, hour) do update set
       energy_min = least(h.energy_min, excluded.energy_min),
       energy_max = greatest(h.energy_max, excluded.energy_max),
       power_sum = h.power_sum + excluded.power_sum,
       power_max = greatest(h.power_max, excluded.power_max),
       voltage_sum = h.voltage_sum + excluded.voltage_sum,
       current_sum = h.current_sum + excluded.current_sum,
       readings = h.readings + excluded.readings`,
    [json],
  );
  // naP of an hour: the counters' rise since the last value before it (the hour's own first value for a new
  // meter), over every phase, in kWh; for the hours that got readings and the next hour after each. The protocol's meters give active import energy only: naM, nrP and nrM
  // stay empty rather than pretend to be 0.
  await raw.query(
    `insert into meters_average_data (meter, date, "group", na_p)
     select m._id, k.hour, m."group",
       sum(h.energy_max - coalesce(p.energy_max, h.energy_min)) * ${METER_RATIO} / 1000.0
     from (
       with arrived as (
         select distinct v.serial, ${HOUR} as hour from jsonb_to_recordset($1::jsonb) as v(at timestamptz, serial text))
       select serial, hour from arrived
       union
       -- a late reading moves the rise of the next hour that has values
       select a.serial, n.hour from arrived a cross join lateral (
         select b.hour from meter_hours b where b.serial = a.serial and b.hour > a.hour
         order by b.hour limit 1) n) k
     join meters m on m.serial = k.serial and m.deleted_at is null
     join meter_hours h on h.serial = k.serial and h.hour = k.hour and h.energy_max is not null
     left join lateral (
       select b.energy_max from meter_hours b
       where b.serial = h.serial and b.phase = h.phase and b.hour < h.hour and b.energy_max is not null
       order by b.hour desc limit 1) p on true
     group by m._id, k.hour, m."group", m.power_transformation, m.voltage_transformation
     on conflict (meter, date) where deleted_at is null do update set na_p = excluded.na_p, updated_at = now()`,
    [json],
  );
}

/** Module readings as columns (at, mac, energy, runh, pow), as the ingest already holds them. */
export async function rollModules(
  raw: Raw,
  columns: { at: unknown[]; mac: unknown[]; energy: unknown[]; runh: unknown[]; pow: unknown[] },
): Promise<void> {
  await raw.query(
    `insert into module_hours as h (mac, hour, energy_min, energy_max, runh_min, runh_max, pow_sum, readings)
     select v.mac, ${HOUR}, min(v.energy), max(v.energy), min(v.runh), max(v.runh), coalesce(sum(v.pow), 0), count(*)
     from unnest($1::timestamptz[], $2::text[], $3::float8[], $4::float8[], $5::float8[]) as v(at, mac, energy, runh, pow)
     group by 1, 2
     on conflict (mac, hour) do update set
       energy_min = least(h.energy_min, excluded.energy_min),
       energy_max = greatest(h.energy_max, excluded.energy_max),
       runh_min = least(h.runh_min, excluded.runh_min),
       runh_max = greatest(h.runh_max, excluded.runh_max),
       pow_sum = h.pow_sum + excluded.pow_sum,
       readings = h.readings + excluded.readings`,
    [columns.at, columns.mac, columns.energy, columns.runh, columns.pow],
  );
}
