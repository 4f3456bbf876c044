import { GROUP_UNITS, type GroupType } from '@sl/domain/energy';
import { modulesInGroupControl } from '../db/group-control-of.ts';
import { HOURS_OF_DAY, hourOfElement, METER_RATIO } from '../field/rollups.ts';

// The reports' SQL over the hourly rollups (db/rollup.table.ts). Parameters: $1 start, $2 end (instants), $3 group,
// $4 cabinet, $5 meter, $7 district, $8 group control (each null for any), $6 the city's time zone. Buckets are local calendar days, weeks,
// months or years: each rollup hour is put on the city's clock, so a 23- or 25-hour day is one day.

const METERS = `m as (
  select m._id, m.serial, m.cabinet, ${METER_RATIO} as k from meters m
  where m.deleted_at is null and ($3::bigint is null or m."group" = $3)
    and ($4::bigint is null or m.cabinet = $4) and ($5::bigint is null or m._id = $5)
    -- a meter is in the district its cabinet stands in
    and ($7::bigint is null
      or m.cabinet in (select k._id from cabinets k where k.district = $7 and k.deleted_at is null)))`;

const IN_RANGE = `h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz
  and h.energy_max is not null`;

/** The local start of each row's bucket (a timestamp without zone); BY_PERIOD: the local day of the start. */
export const bucket = (groupType: GroupType, hour: string, zone = '$6') => {
  const unit = GROUP_UNITS[groupType];
  return unit
    ? `date_trunc('${unit}', ${hour} at time zone ${zone})`
    : `date_trunc('day', $1::timestamptz at time zone ${zone})`;
};

/**
 * Every bucket from the start's to the one holding the end's last instant, by its first local day ($1 start, $2 end,
 * $3 the city's time zone): a consumption report shows the periods without readings too.
 */
export const periodsSql = (g: GroupType) => {
  const unit = GROUP_UNITS[g] ?? 'day';
  const first = (at: string) => `date_trunc('${unit}', ${at} at time zone $3)`;
  return GROUP_UNITS[g]
    ? `select to_char(d, 'YYYY-MM-DD') as first_day from generate_series(${first('$1::timestamptz')},
        ${first("($2::timestamptz - interval '1 microsecond')")}, interval '1 ${unit}') d`
    : `select to_char(${first('$1::timestamptz')}, 'YYYY-MM-DD') as first_day where $2::timestamptz is not null`;
};

const PER_HOUR = (g: GroupType, hour: string) => `to_char(${bucket(g, hour)}, 'YYYY-MM-DD') as first_day,
    extract(hour from ${hour} at time zone $6)::int as local_hour`;

/**
 * Wh drawn per bucket and local hour of the day (the night tariff needs the hour), from each hour's stored rise
 * over the last value before it (meter_hours.wh): a range's first hour is measured from before the range.
 */
export const consumptionSql = (g: GroupType) => `with ${METERS}
  select ${PER_HOUR(g, 'h.hour')}, sum(h.wh * m.k)::float8 as wh
  from meter_hours h join m on m.serial = h.serial
  where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz and h.wh is not null
  group by 1, 2 order by 1, 2`;

/** Wh per bucket and local hour from a pre-summed table `h` (a month ~720 rows per key), in range and `where`. */
const preSummed = (g: GroupType, table: string, where: string) => `select ${PER_HOUR(g, 'h.hour')},
    sum(h.wh)::float8 as wh
  from ${table} h
  where ${where} and h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz
  group by 1, 2 order by 1, 2`;

/** The same for a whole group ($3; $4, $5 and $7 unused), from its pre-summed hours. */
export const groupConsumptionSql = (g: GroupType) =>
  preSummed(
    g,
    'group_hours',
    `h."group" = $3 and $4::bigint is null and $5::bigint is null and $7::bigint is null`,
  );

/**
 * The same for one district ($7; within group $3 when given; $4 and $5 unused), from its pre-summed hours: the meters
 * of the cabinets placed in it.
 */
export const districtConsumptionSql = (g: GroupType) =>
  preSummed(
    g,
    'district_hours',
    `h.district = $7 and ($3::bigint is null or h."group" = $3) and $4::bigint is null and $5::bigint is null`,
  );

/**
 * The same for one group control ($8; within group $3 when given; $4, $5 and $7 unused): what the lamp modules now in
 * it drew (db/group-control-of.ts, the rule the lighting program and the group dim follow), from their days' rises
 * (module_days), as module_hours is kept for HISTORY_DAYS only.
 */
export const groupControlConsumptionSql = (g: GroupType) => `with mods as (
    select m.mac from luminary_modules m
    where m.deleted_at is null and m._id in (${modulesInGroupControl('$8::bigint')})
      and ($3::bigint is null or m."group" = $3))
  -- summed per day and hour of the day first (one row per lamp and day), then bucketed hour by hour: a year of 500
  -- lamps is 182,500 rows summed into 8,760 hours
  , days as (
    select d.day, array[${HOURS_OF_DAY.map((i) => `sum(d.wh[${i + 1}])`).join(', ')}] as wh
    from module_days d join mods on mods.mac = d.mac
    where d.day >= ($1::timestamptz at time zone 'UTC')::date and d.day <= ($2::timestamptz at time zone 'UTC')::date
      and $4::bigint is null and $5::bigint is null and $7::bigint is null
    group by d.day)
  select ${PER_HOUR(g, 'h.hour')}, sum(h.wh)::float8 as wh
  from (
    select ${hourOfElement('d.day', 'u.i')} as hour, u.wh
    from days d cross join lateral unnest(d.wh) with ordinality as u(wh, i)) h
  where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz and h.wh is not null
  group by 1, 2 order by 1, 2`;

/**
 * The same for every group ($3, $4, $5 and $7 unused): the groups' pre-summed hours, and the hours of the few meters in
 * no group, which group_hours does not hold.
 */
export const allConsumptionSql = (g: GroupType) => `with m as (
    select m.serial, ${METER_RATIO} as k from meters m where m.deleted_at is null and m."group" is null)
  select ${PER_HOUR(g, 'h.hour')}, sum(h.wh)::float8 as wh
  from (
    select g.hour, g.wh from group_hours g
    where g.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and g.hour < $2::timestamptz
    union all
    select h.hour, h.wh * m.k from meter_hours h join m on m.serial = h.serial
    where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz and h.wh is not null
  ) h
  where $3::bigint is null and $4::bigint is null and $5::bigint is null and $7::bigint is null
  group by 1, 2 order by 1, 2`;

/**
 * Each meter's registers at the end of each bucket, per phase: active import and export (Wh), reactive import and
 * export (varh), the last three empty for a meter without them.
 */
export const indicationsSql = (g: GroupType) => `with ${METERS}
  select m._id as meter, m.serial, m.cabinet, to_char(${bucket(g, 'h.hour')}, 'YYYY-MM-DD') as first_day,
    h.phase, (max(h.energy_max) * m.k)::float8 as wh, (max(h.energy_export_max) * m.k)::float8 as export_wh,
    (max(h.reactive_import_max) * m.k)::float8 as varh, (max(h.reactive_export_max) * m.k)::float8 as export_varh
  from meter_hours h join m on m.serial = h.serial
  where ${IN_RANGE}
  group by m._id, m.serial, m.cabinet, m.k, 4, h.phase order by 4, m.serial, h.phase`;

/** Each meter's mean and highest power, mean voltage and current per bucket and phase (raw units). */
export const instantValuesSql = (g: GroupType) => `with ${METERS}
  select m._id as meter, m.serial, m.cabinet, to_char(${bucket(g, 'h.hour')}, 'YYYY-MM-DD') as first_day,
    h.phase, (sum(h.power_sum) / sum(h.readings))::float8 as power, max(h.power_max)::float8 as power_max,
    (sum(h.voltage_sum) / sum(h.readings))::float8 as voltage, (sum(h.current_sum) / sum(h.readings))::float8 as current
  from meter_hours h join m on m.serial = h.serial
  where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz
  group by m._id, m.serial, m.cabinet, 4, h.phase order by 4, m.serial, h.phase`;
