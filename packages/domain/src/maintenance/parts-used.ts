// The parts used per month (issue 32): the parts replaced by the crews, counted by the month of their replacement
// (the day the crew gave) and by kind, or by the model fitted. One table shape for the console and the CSV and
// Excel files: a row per kind or model, a column per month, the total last.

import type { Language } from '../errors.ts';
import { VALUE_MESSAGES } from '../value-labels.ts';
import { PART_KINDS } from './part-kinds.ts';

export const PARTS_GROUPINGS = ['kind', 'model'] as const;
export type PartsGrouping = (typeof PARTS_GROUPINGS)[number];

/** A kind's or a model's counts, one per month of the report's `months`; a model row of key null: none fitted. */
export type PartsRow = { key: string | number | null; name: string | null; months: number[]; total: number };
export type PartsUsed = {
  by: PartsGrouping;
  /** YYYY-MM, every month of the range in order */
  months: string[];
  rows: PartsRow[];
  total: { months: number[]; total: number };
};

const TITLES = {
  kind: { 'en-us': 'Part', ru: 'Деталь' },
  model: { 'en-us': 'Model fitted', ru: 'Установленная модель' },
  noModel: { 'en-us': 'No model given', ru: 'Модель не указана' },
  total: { 'en-us': 'Total', ru: 'Всего' },
} as const;

/** The months from `start`'s to `end`'s (days YYYY-MM-DD), both included. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number) as [number, number];
  const last = end.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** A row's name: a kind's word, a model's name (by id when it has none), and the row of none by what it lacks. */
export function partsRowName(row: PartsRow, by: PartsGrouping, lang: Language): string {
  if (by === 'kind') return VALUE_MESSAGES[lang][row.key as (typeof PART_KINDS)[number]];
  return row.key === null ? TITLES.noModel[lang] : (row.name ?? `#${row.key}`);
}

export function partsUsedTable(result: PartsUsed, lang: Language) {
  return {
    columns: [TITLES[result.by][lang], ...result.months, TITLES.total[lang]],
    rows: [
      ...result.rows.map((r) => [partsRowName(r, result.by, lang), ...r.months, r.total]),
      [TITLES.total[lang], ...result.total.months, result.total.total],
    ],
  };
}
