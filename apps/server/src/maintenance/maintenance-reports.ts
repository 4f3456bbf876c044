import {
  CLOSED_WORK_ORDER_STATUSES,
  OPEN_AGE_BOUNDS_H,
  round,
  WORK_ORDER_STATUSES,
  type OpenOrdersRow,
  type RepairGrouping,
  type RepairRow,
} from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { ReportService } from '../energy/report.service.ts';
import { openOrdersSql, repairTimesSql } from './maintenance-report-queries.ts';

type Query = { start?: string; end?: string; group?: number; city?: number };
type Found = Record<string, unknown>;

// not open: done (the repair is over, waiting for the night's proof), verified or cancelled
const NOT_OPEN: readonly string[] = ['DONE', ...CLOSED_WORK_ORDER_STATUSES];
const OPEN_STATES = WORK_ORDER_STATUSES.filter((s) => !NOT_OPEN.includes(s));

const keyOf = (r: Found) => (r.key == null ? null : Number(r.key));
const nameOf = (r: Found) => (r.name == null ? null : String(r.name));
const hours = (v: unknown) => (v == null ? null : round(Number(v), 2));

/** Named rows first, by name; the row of none (no fault kind, district or crew) last. */
const byName = (a: { key: number | null; name: string | null }, b: typeof a) =>
  (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
  (a.name ?? '').localeCompare(b.name ?? '') ||
  (a.key ?? 0) - (b.key ?? 0);

/** Whose orders: the scope of the energy reports (the caller's group, an admin's `group`), and a crew's own. */
async function scopeOf(reports: ReportService, caller: Caller, q: Query) {
  const scope = await reports.scope(caller, { ...q, groupType: 'BY_PERIOD' });
  const [start, end, group] = scope.params;
  return { ...scope, start, end, group, crews: caller.crews ?? null };
}

/** The open orders (not done, verified or cancelled) by fault kind and how long they have been open, now. */
export async function openOrders(reports: ReportService, caller: Caller, q: Query, now: Date) {
  const { city, start, end, group, crews } = await scopeOf(reports, caller, q);
  const found = await reports.rows(openOrdersSql, [
    now.toISOString(),
    group,
    crews,
    OPEN_AGE_BOUNDS_H,
    OPEN_STATES,
  ]);
  const rows = new Map<number | null, OpenOrdersRow>();
  const empty = () => ({ ages: OPEN_AGE_BOUNDS_H.map(() => 0).concat(0), open: 0, late: 0 });
  const total = empty();
  for (const r of found) {
    const key = keyOf(r);
    const row = rows.get(key) ?? { key, name: nameOf(r), ...empty() };
    rows.set(key, row);
    for (const into of [row, total]) {
      into.ages[Number(r.age)]! += Number(r.n);
      into.open += Number(r.n);
      into.late += Number(r.late);
    }
  }
  return {
    ...reports.head('open-orders', 'BY_PERIOD', city, new Date(String(start)), new Date(String(end))),
    at: now.toISOString(),
    ageBoundsHours: [...OPEN_AGE_BOUNDS_H],
    rows: [...rows.values()].sort(byName),
    total,
  };
}

/** Time to repair (median, 90th percentile) and the share done within the service level, per `by` and in all. */
export async function repairTimes(reports: ReportService, caller: Caller, q: Query & { by: RepairGrouping }) {
  const { city, start, end, group, crews } = await scopeOf(reports, caller, q);
  const found = await reports.rows(repairTimesSql(q.by), [start, end, group, crews]);
  const figures = (r: Found) => {
    const done = Number(r.done);
    const without = Number(r.without);
    return {
      done,
      medianHours: hours(r.median),
      p90Hours: hours(r.p90),
      withinServiceLevel: Number(r.within),
      withoutServiceLevel: without,
      withinShare: done > without ? round(Number(r.within) / (done - without), 4) : null,
    };
  };
  const whole = found.find((r) => r.whole === true);
  const rows: RepairRow[] = found
    .filter((r) => r !== whole)
    .map((r) => ({ key: keyOf(r), name: nameOf(r), ...figures(r) }))
    .sort(byName);
  return {
    ...reports.head('repair-times', 'BY_PERIOD', city, new Date(String(start)), new Date(String(end))),
    by: q.by,
    rows,
    // no order done in the range: a total of none, its times unknown
    total: whole ? figures(whole) : figures({ done: 0, without: 0, within: 0 }),
  };
}
