import { monthsBetween, PART_KINDS, type PartsGrouping, type PartsRow } from '@sl/domain';
import { localDay } from '@sl/domain/astro';
import type { Caller } from '../auth/caller.ts';
import type { ReportService } from '../energy/report.service.ts';

type Query = { start?: string; end?: string; group?: number; city?: number; by: PartsGrouping };

/**
 * The parts replaced on the days $1 to $2 (the crew's day of the replacement, both included), per month and kind or
 * model fitted, in one pass. Scope: $3 group; $4 crews, a crew member's own crews' orders, as their lists are.
 */
const PARTS_USED_SQL = (by: PartsGrouping) => `
  select to_char(p.replaced_on, 'YYYY-MM') as month, ${by === 'kind' ? 'p.kind' : 'p.fitted_model'} as key,
    ${by === 'kind' ? 'null::text' : 'min(mo.name)'} as name, count(*)::int as n
  from part_replacements p
  join work_orders w on w._id = p.work_order
  left join luminary_models mo on mo._id = p.fitted_model
  where p.deleted_at is null and p.replaced_on between $1::date and $2::date
    and ($3::bigint is null or p."group" = $3::bigint)
    and ($4::bigint[] is null or w.crew = any($4::bigint[]))
  group by 1, 2`;

/** Named rows by name, the row of no model last. */
const byName = (a: PartsRow, b: PartsRow) =>
  (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) || (a.name ?? '').localeCompare(b.name ?? '');

/** The parts used per month of the range (on the city's clock), by kind (every kind, used or not) or model fitted. */
export async function partsUsed(reports: ReportService, caller: Caller, q: Query) {
  const { by, ...range } = q;
  const scope = await reports.scope(caller, { ...range, groupType: 'BY_PERIOD' });
  const zone = scope.city.timezone;
  const first = localDay(scope.start, zone);
  // the range's end is the instant after its last day
  const last = localDay(new Date(scope.end.getTime() - 1), zone);
  const months = monthsBetween(first, last);
  const found = await reports.rows(PARTS_USED_SQL(by), [first, last, scope.params[2], caller.crews ?? null]);
  const rows = new Map<string | number | null, PartsRow>();
  const rowOf = (key: string | number | null, name: string | null) => {
    const row = rows.get(key) ?? { key, name, months: months.map(() => 0), total: 0 };
    rows.set(key, row);
    return row;
  };
  if (by === 'kind') for (const kind of PART_KINDS) rowOf(kind, null);
  const total = { months: months.map(() => 0), total: 0 };
  for (const r of found) {
    const key = r.key == null ? null : by === 'kind' ? String(r.key) : Number(r.key);
    const row = rowOf(key, r.name == null ? null : String(r.name));
    const i = months.indexOf(String(r.month));
    for (const into of [row, total]) {
      into.months[i]! += Number(r.n);
      into.total += Number(r.n);
    }
  }
  const listed = [...rows.values()];
  return {
    ...reports.head('parts-used', 'BY_PERIOD', scope.city, scope.start, scope.end),
    by,
    months,
    rows: by === 'kind' ? listed : listed.sort(byName),
    total,
  };
}
