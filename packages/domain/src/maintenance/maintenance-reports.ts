// The maintenance reports (issue 32): open orders by age and fault kind; time to repair and the share done within
// the service level by fault kind, district or crew. One table shape for the console's table and the CSV and Excel
// files: column titles in the user's language, a row per fault kind, district or crew, the total last.

import type { Language } from '../errors.ts';
import { round, UNIT_SYMBOLS } from '../units.ts';

export const MAINTENANCE_REPORT_TYPES = ['open-orders', 'repair-times', 'parts-used'] as const;
export type MaintenanceReportType = (typeof MAINTENANCE_REPORT_TYPES)[number];

/** What the repair times are grouped by: an order's fault kind, its first device's district, or its crew. */
export const REPAIR_GROUPINGS = ['faultKind', 'district', 'crew'] as const;
export type RepairGrouping = (typeof REPAIR_GROUPINGS)[number];

/** An open order's age buckets, by their upper bound in hours (the last has none). */
export const OPEN_AGE_BOUNDS_H = [24, 72, 168, 720] as const;

const AGE_TITLES: Record<Language, string[]> = {
  'en-us': ['< 1 day', '1–3 days', '3–7 days', '7–30 days', '> 30 days'],
  ru: ['< 1 дня', '1–3 дня', '3–7 дней', '7–30 дней', '> 30 дней'],
};
export const ageBucketTitles = (lang: Language): string[] => AGE_TITLES[lang];

const TITLES = {
  faultKind: { 'en-us': 'Fault kind', ru: 'Вид неисправности' },
  district: { 'en-us': 'District', ru: 'Район' },
  crew: { 'en-us': 'Crew', ru: 'Бригада' },
  open: { 'en-us': 'Open', ru: 'Открыто' },
  late: { 'en-us': 'Past due', ru: 'Просрочено' },
  done: { 'en-us': 'Done', ru: 'Выполнено' },
  median: { 'en-us': 'Median time to repair', ru: 'Медиана времени ремонта' },
  p90: { 'en-us': '90th percentile', ru: '90-й процентиль' },
  within: { 'en-us': 'Within service level', ru: 'В срок' },
  withoutLevel: { 'en-us': 'No service level', ru: 'Без норматива' },
  share: { 'en-us': 'Share within service level', ru: 'Доля в срок' },
  total: { 'en-us': 'Total', ru: 'Всего' },
} as const;
type Title = keyof typeof TITLES;
export const maintenanceReportTitle = (key: Title, lang: Language): string => TITLES[key][lang];

/** The row of the orders without a fault kind, district or crew: never dropped, named for what it lacks. */
const NONE: Record<RepairGrouping, Record<Language, string>> = {
  faultKind: { 'en-us': 'No fault kind', ru: 'Вид не указан' },
  district: { 'en-us': 'No district', ru: 'Район не определён' },
  crew: { 'en-us': 'No crew', ru: 'Бригада не назначена' },
};

export type GroupKey = { key: number | null; name: string | null };
export type OpenOrdersRow = GroupKey & { ages: number[]; open: number; late: number };
export type RepairRow = GroupKey & {
  done: number;
  medianHours: number | null;
  p90Hours: number | null;
  withinServiceLevel: number;
  withoutServiceLevel: number;
  /** of the orders done that had a service level, the share done by their due date; null when none had one */
  withinShare: number | null;
};

/** A row's name: its record's, a record gone without a name by its id, and the row of none by what it lacks. */
export const groupName = (row: GroupKey, by: RepairGrouping, lang: Language): string =>
  row.key === null ? NONE[by][lang] : (row.name ?? `#${row.key}`);

type Cell = string | number | null;
export type MaintenanceTable = { columns: string[]; rows: Cell[][] };

const hours = (title: string, lang: Language) => `${title}, ${UNIT_SYMBOLS.h[lang]}`;
const percent = (share: number | null) => (share === null ? null : round(share * 100, 1));

export function openOrdersTable(
  result: { rows: OpenOrdersRow[]; total: Omit<OpenOrdersRow, 'key' | 'name'> },
  lang: Language,
): MaintenanceTable {
  const t = (key: Title) => TITLES[key][lang];
  return {
    columns: [t('faultKind'), ...AGE_TITLES[lang], t('open'), t('late')],
    rows: [
      ...result.rows.map((r) => [groupName(r, 'faultKind', lang), ...r.ages, r.open, r.late]),
      [t('total'), ...result.total.ages, result.total.open, result.total.late],
    ],
  };
}

export function repairTimesTable(
  result: { by: RepairGrouping; rows: RepairRow[]; total: Omit<RepairRow, 'key' | 'name'> },
  lang: Language,
): MaintenanceTable {
  const t = (key: Title) => TITLES[key][lang];
  const figures = (r: Omit<RepairRow, 'key' | 'name'>): Cell[] => [
    r.done,
    r.medianHours,
    r.p90Hours,
    r.withinServiceLevel,
    r.withoutServiceLevel,
    percent(r.withinShare),
  ];
  return {
    columns: [
      t(result.by),
      t('done'),
      hours(t('median'), lang),
      hours(t('p90'), lang),
      t('within'),
      t('withoutLevel'),
      `${t('share')}, ${UNIT_SYMBOLS.percent[lang]}`,
    ],
    rows: [
      ...result.rows.map((r) => [groupName(r, result.by, lang), ...figures(r)]),
      [t('total'), ...figures(result.total)],
    ],
  };
}
