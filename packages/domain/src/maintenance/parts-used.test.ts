import { describe, expect, it } from 'vitest';
import { monthsBetween, partsUsedTable, type PartsUsed } from './parts-used.ts';

describe('parts used per month', () => {
  it('names every month of a range, across a year', () => {
    expect(monthsBetween('2026-11-30', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-05-03', '2026-05-20')).toEqual(['2026-05']);
  });

  it('makes a row per kind or model and the total, in the user’s language', () => {
    const byModel: PartsUsed = {
      by: 'model',
      months: ['2026-10', '2026-11'],
      rows: [
        { key: 4, name: 'LED 60 W', months: [1, 2], total: 3 },
        { key: 9, name: null, months: [0, 1], total: 1 },
        { key: null, name: null, months: [2, 0], total: 2 },
      ],
      total: { months: [3, 3], total: 6 },
    };
    expect(partsUsedTable(byModel, 'ru')).toEqual({
      columns: ['Установленная модель', '2026-10', '2026-11', 'Всего'],
      rows: [
        ['LED 60 W', 1, 2, 3],
        ['#9', 0, 1, 1],
        ['Модель не указана', 2, 0, 2],
        ['Всего', 3, 3, 6],
      ],
    });
    const byKind: PartsUsed = {
      by: 'kind',
      months: ['2026-10'],
      rows: [{ key: 'CONTROL_MODULE', name: null, months: [5], total: 5 }],
      total: { months: [5], total: 5 },
    };
    expect(partsUsedTable(byKind, 'en-us').rows[0]).toEqual(['Control module', 5, 5]);
  });
});
