import { OUTAGE_EVENT_TYPES, round } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { ReportService } from '../energy/report.service.ts';

// The lamps' availability over a period: the share of lamp-hours in which no outage event of the lamp was open.
// Parameters: $1 start, $2 end (never past now), $3 group (null: any), $4 the city's time zone, $5 outage types.

/**
 * A lamp is a luminaire with a live control module; it counts from its installation date (the city's midnight) or,
 * without one, from when it was entered. Its outages are merged (range_agg) so overlapping events count once.
 */
export const availabilitySql = `with lamps as (
    select l.control_module as module,
      greatest($1::timestamptz,
        coalesce(l.installation_date::timestamp at time zone $4::text, l.created_at)) as since
    from luminaries l join luminary_modules m on m._id = l.control_module and m.deleted_at is null
    where l.deleted_at is null and ($3::bigint is null or l."group" = $3)),
  live as (select module, since from lamps where since < $2::timestamptz),
  spans as (
    select x.module, greatest(e.open_date, x.since) as s, least(coalesce(e.close_date, $2::timestamptz), $2::timestamptz) as e
    from live x join important_events e on e.module = x.module
    where e.deleted_at is null and e.type = any($5::text[]) and e.open_date is not null),
  out as (
    select range_agg(tstzrange(s, e)) as r from spans where s < e group by module)
  select (select count(*) from live)::int as lamps,
    coalesce((select sum(extract(epoch from $2::timestamptz - since)) from live), 0)::float8 as lamp_s,
    coalesce((select sum(extract(epoch from upper(u) - lower(u))) from out, unnest(out.r) as u), 0)::float8
      as out_s`;

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
    availability: lampHours > 0 ? round(1 - outageHours / lampHours, 6) : null,
  };
}
