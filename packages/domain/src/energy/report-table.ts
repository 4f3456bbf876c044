// A report as a table, the same for the console's table and the CSV and Excel exports: column titles in the
// user's language (units in them), one row per period (and meter, phase or key).

import type { Language } from '../errors.ts';
import { fieldLabel } from '../field-labels.ts';
import { formatMeasure, UNIT_SYMBOLS } from '../units.ts';

type Cell = string | number | null;
export type ReportTable = { columns: string[]; rows: Cell[][] };
type Row = Record<string, unknown> & { period: string };
type Phase = Record<string, number>;

const TITLES = {
  period: { 'en-us': 'Period', ru: 'Период' },
  serial: { 'en-us': 'Meter', ru: 'Счётчик' },
  phase: { 'en-us': 'Phase', ru: 'Фаза' },
  energy: { 'en-us': 'Energy', ru: 'Энергия' },
  total: { 'en-us': 'Total', ru: 'Всего' },
  cost: { 'en-us': 'Cost', ru: 'Стоимость' },
  co2: { 'en-us': 'CO2, kg', ru: 'CO2, кг' },
  power: { 'en-us': 'Mean power', ru: 'Средняя мощность' },
  powerMax: { 'en-us': 'Highest power', ru: 'Наибольшая мощность' },
  voltage: { 'en-us': 'Voltage', ru: 'Напряжение' },
  current: { 'en-us': 'Current', ru: 'Ток' },
  key: { 'en-us': 'Group control or profile', ru: 'Групповое управление или профиль' },
  burnHours: { 'en-us': 'Burning', ru: 'Горение' },
  fullKwh: { 'en-us': 'At full power', ru: 'При полной мощности' },
  drawnKwh: { 'en-us': 'Drawn', ru: 'Потреблено' },
  savedKwh: { 'en-us': 'Saved', ru: 'Сэкономлено' },
} as const;
export type ReportTitle = keyof typeof TITLES;
export const reportTitle = (key: ReportTitle, lang: Language) => TITLES[key][lang];

const PHASES = ['A', 'B', 'C'];

export function reportTable(
  type: string,
  result: { rows: Row[]; city?: { currency: string | null } },
  lang: Language,
): ReportTable {
  const t = (key: ReportTitle, unit?: keyof typeof UNIT_SYMBOLS | string) =>
    unit
      ? `${TITLES[key][lang]}, ${UNIT_SYMBOLS[unit as keyof typeof UNIT_SYMBOLS]?.[lang] ?? unit}`
      : TITLES[key][lang];
  const r = result.rows;
  const phases = (row: Row) => (row.phases ?? []) as Phase[];
  switch (type) {
    case 'consumption':
      return {
        columns: [t('period'), t('energy', 'kWh'), t('cost', result.city?.currency ?? undefined), t('co2')],
        rows: r.map((x) => [x.period, x.kwh as Cell, x.cost as Cell, x.co2Kg as Cell]),
      };
    case 'indications':
      return {
        columns: [
          t('period'),
          t('serial'),
          ...PHASES.map((p) => `${t('phase')} ${p}, ${UNIT_SYMBOLS.kWh[lang]}`),
          t('total', 'kWh'),
          `${fieldLabel('naM', lang)}, ${UNIT_SYMBOLS.kWh[lang]}`,
          `${fieldLabel('nrP', lang)}, ${UNIT_SYMBOLS.kvarh[lang]}`,
          `${fieldLabel('nrM', lang)}, ${UNIT_SYMBOLS.kvarh[lang]}`,
        ],
        rows: r.map((x) => [
          x.period,
          x.serial as string,
          ...[1, 2, 3].map((n) => phases(x).find((p) => p.phase === n)?.kwh ?? null),
          x.kwh as number,
          x.exportKwh as Cell,
          x.kvarh as Cell,
          x.exportKvarh as Cell,
        ]),
      };
    case 'instant-values':
      return {
        columns: [
          t('period'),
          t('serial'),
          t('phase'),
          t('power'),
          t('powerMax'),
          t('voltage', 'V'),
          t('current', 'A'),
        ],
        rows: r.flatMap((x) =>
          phases(x).map((p) => {
            // W or kW by the reading's largest phase (spec §9), so the unit stands in the cell, written as the
            // language writes numbers
            const power = (value: number | undefined) =>
              value == null ? null : formatMeasure(value, x.powerUnit as 'W' | 'kW', lang, 3);
            return [
              x.period,
              x.serial as string,
              PHASES[p.phase! - 1] ?? String(p.phase),
              power(p.power),
              power(p.powerMax),
              p.voltage!,
              p.current!,
            ];
          }),
        ),
      };
    default:
      return {
        columns: [
          t('period'),
          t('key'),
          t('burnHours', 'h'),
          t('fullKwh', 'kWh'),
          t('drawnKwh', 'kWh'),
          t('savedKwh', 'kWh'),
        ],
        rows: r.map((x) => [
          x.period,
          x.key as Cell,
          x.burnHours as Cell,
          x.fullKwh as Cell,
          x.drawnKwh as Cell,
          x.savedKwh as Cell,
        ]),
      };
  }
}
