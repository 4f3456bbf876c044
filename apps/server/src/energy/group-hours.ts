import type { EntityHooks } from '../entities/entity.service.ts';
import { FULL_POWER_W, GROUP_CONTROL_OF_MODULE, hourOfElement, type Raw } from '../field/rollups.ts';

// A meter's part in its group's hours (group_hours, kept at ingest by rollMeters for the meters as they are) moves
// with the meter: taken from its old group and ratios and given to its new ones when it changes, given when it is
// created (its serial may have reported before it was registered), taken when it is removed.

type MeterRow = Record<string, unknown>;

const ratio = (m: MeterRow) => Number(m.power_transformation ?? 1) * Number(m.voltage_transformation ?? 1);

/** Adds (sign 1) or takes away (-1) every hour of one meter's consumption to or from its group's hours. */
export async function shiftGroupHours(raw: Raw, m: MeterRow, sign: 1 | -1): Promise<void> {
  if (m.group == null || typeof m.serial !== 'string') return;
  await raw.query(
    `insert into group_hours as g ("group", hour, wh)
     select $2::bigint, h.hour, $3::float8 * sum(h.wh) from meter_hours h
     where h.serial = $1 and h.wh is not null group by h.hour order by h.hour
     on conflict ("group", hour) do update set wh = g.wh + excluded.wh`,
    [m.serial, m.group, sign * ratio(m)],
  );
}

const counted = (m: MeterRow) => [m.serial, m.group, ratio(m)].join('\u0000');

export const meterHooks = (raw: Raw): EntityHooks => ({
  afterCreate: (_caller, row) => shiftGroupHours(raw, row, 1),
  async afterUpdate(_caller, row, _patch, before) {
    if (counted(row) === counted(before)) return;
    await shiftGroupHours(raw, before, -1);
    await shiftGroupHours(raw, row, 1);
  },
  afterRemove: (_caller, row) => shiftGroupHours(raw, row, -1),
});

/**
 * Writes a pre-summed table afresh from `fresh` (a query of its key columns and values) and drops the rows `fresh`
 * has not: the repair for an edit made while readings were being rolled (the hooks, triggers and ingest are separate
 * statements). The upserted and the dropped rows are disjoint, so one statement does both. Answers how many rows it
 * wrote and dropped.
 */
async function rebuild(raw: Raw, table: string, keys: string[], values: string[], fresh: string) {
  const on = keys.map((k) => `f.${k} = t.${k}`).join(' and ');
  const result = (await raw.query(
    `with fresh as (${fresh}),
     written as (
       insert into ${table} as t (${[...keys, ...values].join(', ')})
       select ${[...keys, ...values].join(', ')} from fresh
       on conflict (${keys.join(', ')}) do update set ${values.map((v) => `${v} = excluded.${v}`).join(', ')}
       returning 1),
     dropped as (delete from ${table} t where not exists (select 1 from fresh f where ${on}) returning 1)
     select (select count(*) from written)::int as written, (select count(*) from dropped)::int as dropped`,
    [],
  )) as { rows: { written: number; dropped: number }[] };
  return result.rows[0]!;
}

const RATIO = `coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1)`;

/** Every group's hours summed afresh from its live meters' own hours, with their ratios. */
export const rebuildGroupHours = (raw: Raw) =>
  rebuild(
    raw,
    'group_hours',
    ['"group"', 'hour'],
    ['wh'],
    `select m."group", h.hour, sum(h.wh * ${RATIO}) as wh
     from meter_hours h join meters m on m.serial = h.serial and m.deleted_at is null and m."group" is not null
     where h.wh is not null group by 1, 2`,
  );

/** Every district's hours summed afresh from the live meters of the cabinets placed in it. */
export const rebuildDistrictHours = (raw: Raw) =>
  rebuild(
    raw,
    'district_hours',
    ['district', '"group"', 'hour'],
    ['wh'],
    `select k.district, coalesce(m."group", 0) as "group", h.hour, sum(h.wh * ${RATIO}) as wh
     from meter_hours h join meters m on m.serial = h.serial and m.deleted_at is null
     join cabinets k on k._id = m.cabinet and k.deleted_at is null and k.district is not null
     where h.wh is not null group by 1, 2, 3`,
  );

/**
 * The energy saved summed afresh from the modules' days (module_days, which outlive module_hours), each lamp's every
 * hour now under the group, group control, profile and model it has now (at ingest each hour is counted under those it
 * had then).
 */
export const rebuildSavedHours = (raw: Raw) =>
  rebuild(
    raw,
    'saved_hours',
    ['"group"', 'hour', 'group_control', 'profile'],
    ['burn_h', 'wh', 'rated_wh', 'full_wh'],
    `select coalesce(lm."group", 0) as "group", h.hour, ${GROUP_CONTROL_OF_MODULE} as group_control,
       coalesce(lm.profile_id, 0) as profile, coalesce(sum(h.burn_h), 0) as burn_h, coalesce(sum(h.wh), 0) as wh,
       coalesce(sum(h.wh) filter (where mo.power > 0), 0) as rated_wh,
       coalesce(sum(h.burn_h * ${FULL_POWER_W}) filter (where mo.power > 0), 0) as full_wh
     from (
       select d.mac, ${hourOfElement('d.day', 'u.i')} as hour, u.wh, u.burn_h
       from module_days d cross join lateral unnest(d.wh, d.burn_h) with ordinality as u(wh, burn_h, i)) h
     join luminary_modules lm on lm.mac = h.mac and lm.deleted_at is null
     join luminaries l on l.control_module = lm._id and l.deleted_at is null
     left join luminary_models mo on mo._id = l.model
     where h.wh is not null or h.burn_h is not null group by 1, 2, 3, 4`,
  );
