import { round } from '@sl/domain';
import { kwhOf, periodLabel } from '@sl/domain/energy';
import type { Caller } from '../auth/caller.ts';
import type { ReportQuery, ReportService } from './report.service.ts';
import { energySavedSql, type SavedBy } from './saved-queries.ts';

const kwh = (wh: number) => round(kwhOf(wh), 3);
const NO_READINGS = { burnHours: null, fullKwh: null, drawnKwh: null, savedKwh: null, savedShare: null };

/**
 * Energy saved: the lamps' burn hours at their models' full power against what they drew, per period and, when
 * asked, per group control or profile (`key`: its id; '' for the total, and for a period without readings).
 */
export async function energySaved(reports: ReportService, caller: Caller, q: ReportQuery & { by: SavedBy }) {
  const { city, start, end, params } = await reports.scope(caller, q);
  const [from, to, group, , , zone] = params;
  const found = (await reports.rows(energySavedSql(q.groupType, q.by), [from, to, group, zone])).map((r) => {
    const full = Number(r.full_wh);
    const drawn = Number(r.wh);
    return {
      day: String(r.first_day),
      key: r.key == null ? null : String(r.key),
      burnHours: round(Number(r.burn_h), 2),
      fullKwh: kwh(full),
      drawnKwh: kwh(drawn),
      savedKwh: kwh(full - drawn),
      savedShare: full > 0 ? round((full - drawn) / full, 4) : null,
    };
  });
  // a period no lamp reported in is a row of its own, its figures empty: no readings is not 0 kWh saved
  const heard = new Set(found.map((r) => r.day));
  const silent = (await reports.periods(q.groupType, start, end, city.timezone))
    .filter((day) => !heard.has(day))
    .map((day) => ({ day, key: '', ...NO_READINGS }));
  const rows = [...found, ...silent].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return {
    ...reports.head('energy-saved', q.groupType, city, start, end),
    by: q.by,
    rows: rows.slice(0, q.limit).map(({ day, ...r }) => ({ period: periodLabel(q.groupType, day), ...r })),
  };
}
