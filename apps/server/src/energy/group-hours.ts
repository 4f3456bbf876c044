import type { EntityHooks } from '../entities/entity.service.ts';
import type { Raw } from '../field/rollups.ts';

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
 * Sums every group's hours afresh from its live meters' own hours, with their ratios, and drops the hours no
 * meter accounts for: the repair for a meter edited while its readings were being rolled (the hook and the
 * ingest are separate statements). The upserted and the dropped rows are disjoint, so one statement does both.
 * Answers how many group hours it wrote and dropped.
 */
export async function rebuildGroupHours(raw: Raw): Promise<{ written: number; dropped: number }> {
  const result = (await raw.query(
    `with fresh as (
       select m."group" as grp, h.hour,
         sum(h.wh * coalesce(m.power_transformation, 1) * coalesce(m.voltage_transformation, 1)) as wh
       from meter_hours h join meters m on m.serial = h.serial and m.deleted_at is null and m."group" is not null
       where h.wh is not null group by 1, 2),
     written as (
       insert into group_hours as g ("group", hour, wh) select grp, hour, wh from fresh
       on conflict ("group", hour) do update set wh = excluded.wh returning 1),
     dropped as (
       delete from group_hours g
       where not exists (select 1 from fresh f where f.grp = g."group" and f.hour = g.hour) returning 1)
     select (select count(*) from written)::int as written, (select count(*) from dropped)::int as dropped`,
    [],
  )) as { rows: { written: number; dropped: number }[] };
  return result.rows[0]!;
}
