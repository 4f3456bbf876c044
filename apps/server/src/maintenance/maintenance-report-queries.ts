import type { RepairGrouping } from '@sl/domain';

// The maintenance reports' SQL over work_orders, one pass each (100,000 orders is one scan, no per-row query from
// the server). An order's "opened" is its row's created_at.

const SCOPE = (group: string, crews: string) => `w.deleted_at is null
    and (${group}::bigint is null or w."group" = ${group}::bigint)
    -- a crew member's reports are of their crews' orders, as their lists are
    and (${crews}::bigint[] is null or w.crew = any(${crews}::bigint[]))`;

/**
 * Open orders ($5: the open states) counted per fault kind and age bucket at $1 (now): the bucket is how many of the
 * bounds $4 (hours) the age has reached; `late` those past their due date. Parameters: $2 group, $3 crews (null: any).
 */
export const openOrdersSql = `with o as (
    select w.fault_kind as key,
      width_bucket((extract(epoch from $1::timestamptz - w.created_at) / 3600)::float8, $4::float8[]) as age,
      coalesce(w.due_date < $1::timestamptz, false) as late
    from work_orders w
    where ${SCOPE('$2', '$3')} and coalesce(w.status, 'NEW') = any($5::text[]))
  select o.key, f.name, o.age, count(*)::int as n, (count(*) filter (where o.late))::int as late
  from o left join fault_kinds f on f._id = o.key
  group by o.key, f.name, o.age`;

/**
 * An order's district: that of its first device placed in one, its mountings first (the devices a crew goes to),
 * then its cabinets, lamps and modules.
 */
const ORDER_DISTRICT = `coalesce(
    (select s.district from luminary_supports s where s._id = w.supports[1]),
    (select k.district from cabinets k where k._id = w.cabinets[1]),
    (select l.district from luminaries l where l._id = w.luminaries[1]),
    (select m.district from luminary_modules m where m._id = w.modules[1]))`;

const KEYS: Record<RepairGrouping, { key: string; names: string }> = {
  faultKind: { key: 'w.fault_kind', names: 'fault_kinds' },
  district: { key: ORDER_DISTRICT, names: 'districts' },
  crew: { key: 'w.crew', names: 'crews' },
};

/**
 * The orders done from $1 to $2 (their doneAt; DONE or VERIFIED, a reopened order's repair is not over), per key
 * and in all (`whole`): how many, the median and 90th percentile of the hours from opened to done (interpolated,
 * percentile_cont), how many were done by their due date and how many had none. Parameters: $3 group, $4 crews.
 */
export const repairTimesSql = (by: RepairGrouping) => `with o as (
    select ${KEYS[by].key} as key, (extract(epoch from w.done_at - w.created_at) / 3600)::float8 as h,
      w.done_at, w.due_date
    from work_orders w
    where ${SCOPE('$3', '$4')} and w.status in ('DONE', 'VERIFIED')
      and w.done_at >= $1::timestamptz and w.done_at < $2::timestamptz),
  g as (
    select o.key, grouping(o.key) = 1 as whole, count(*)::int as done,
      percentile_cont(0.5) within group (order by o.h) as median,
      percentile_cont(0.9) within group (order by o.h) as p90,
      (count(*) filter (where o.done_at <= o.due_date))::int as within,
      (count(*) filter (where o.due_date is null))::int as without
    from o group by grouping sets ((o.key), ()))
  select g.*, n.name from g left join ${KEYS[by].names} n on n._id = g.key`;
