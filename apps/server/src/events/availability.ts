import { floorTo, OUTAGE_EVENT_TYPES, round } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { ReportService } from '../energy/report.service.ts';

// The lamps' availability over a period: the share of lamp-hours in which no outage event of the lamp was open.
// Parameters: $1 start, $2 end (never past now), $3 group (null: any), $4 the city's time zone, $5 outage types.

/**
 * A lamp is a luminaire with a live control module; it counts from its installation date (the city's midnight) or,
 * without one, from when it was entered. The lamp-seconds come from the kept starts, and an outage event is joined to
 * its module's kept lamps (db/lamp-starts.ts), not to the lamps themselves. A module's outages are merged: in order
 * of start, each adds only what reaches past the latest end before it, so overlapping events count once, times the
 * module's lamps (from the earliest one's start). Only the modules with an outage in the period are read.
 */
export const availabilitySql = `with starts as (
    select n, greatest($1::timestamptz,
        coalesce(installed_on::timestamp at time zone $4::text, entered_at)) as since
    from lamp_starts where n <> 0 and ($3::bigint is null or "group" = $3)),
  spans as (
    select e.module, x."group", x.n,
      greatest(e.open_date, $1::timestamptz,
        least(x.installed_on::timestamp at time zone $4::text, x.entered_at)) as s,
      least(coalesce(e.close_date, $2::timestamptz), $2::timestamptz) as e
    from important_events e
    join lamp_modules x on x.module = e.module and ($3::bigint is null or x."group" = $3)
    where e.deleted_at is null and e.type = any($5::text[]) and e.open_date < $2::timestamptz
      and (e.close_date is null or e.close_date > $1::timestamptz)),
  ordered as (
    select s, e, n, max(e) over (partition by module, "group" order by s, e
        rows between unbounded preceding and 1 preceding) as reached
    from spans where s < e)
  select (select coalesce(sum(n), 0) from starts where since < $2::timestamptz)::int as lamps,
    coalesce((select sum(n * extract(epoch from $2::timestamptz - since)) from starts
      where since < $2::timestamptz), 0)::float8 as lamp_s,
    coalesce((select sum(n * extract(epoch from e - greatest(s, reached))) from ordered
      where reached is null or e > reached), 0)::float8 as out_s`;

const HOUR_S = 3600;

/** The caller's lamps' availability from `start` to `end` (or now, if sooner), on the scope of the energy reports. */
export async function availability(
  reports: ReportService,
  caller: Caller,
  q: { start?: string; end?: string; group?: number; city?: number },
  now: Date,
) {
  const { city, start, end, params } = await reports.scope(caller, { ...q, groupType: 'BY_PERIOD' });
  const until = end < now ? end : now;
  const group = params[2];
  const [row] =
    until > start
      ? await reports.rows(availabilitySql, [
          start.toISOString(),
          until.toISOString(),
          group,
          city.timezone,
          OUTAGE_EVENT_TYPES,
        ])
      : [{ lamps: 0, lamp_s: 0, out_s: 0 }];
  const lampHours = Number(row?.lamp_s ?? 0) / HOUR_S;
  const outageHours = Number(row?.out_s ?? 0) / HOUR_S;
  return {
    ...reports.head('availability', 'BY_PERIOD', city, start, until > start ? until : start),
    lamps: Number(row?.lamps ?? 0),
    lampHours: round(lampHours, 2),
    outageHours: round(outageHours, 2),
    availability: lampHours > 0 ? floorTo(1 - outageHours / lampHours, 6) : null,
  };
}
