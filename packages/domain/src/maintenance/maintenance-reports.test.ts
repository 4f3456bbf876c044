import { describe, expect, it } from 'vitest';
import { groupName, openOrdersTable, repairTimesTable, type RepairRow } from './maintenance-reports.ts';

const figures = (withinShare: number | null) => ({
  done: 3,
  medianHours: 4.5,
  p90Hours: 9.25,
  withinServiceLevel: 2,
  withoutServiceLevel: 1,
  withinShare,
});
const repair = (key: number | null, name: string | null, share: number | null): RepairRow => ({
  key,
  name,
  ...figures(share),
});

describe('the maintenance reports as tables', () => {
  it('names a row by its record, a record without a name by its id, and the row of none by what it lacks', () => {
    expect(groupName({ key: 4, name: 'Day crew' }, 'crew', 'en-us')).toBe('Day crew');
    expect(groupName({ key: 4, name: null }, 'crew', 'en-us')).toBe('#4');
    expect(groupName({ key: null, name: null }, 'crew', 'ru')).toBe('Бригада не назначена');
    expect(groupName({ key: null, name: null }, 'district', 'en-us')).toBe('No district');
    expect(groupName({ key: null, name: null }, 'faultKind', 'en-us')).toBe('No fault kind');
  });

  it('gives the repair times with hours and the share in percent, the total last, in the language asked', () => {
    const total = figures(2 / 3);
    const table = repairTimesTable(
      { by: 'district', rows: [repair(1, 'North', 1), repair(null, null, null)], total },
      'ru',
    );
    expect(table).toEqual({
      columns: [
        'Район',
        'Выполнено',
        'Медиана времени ремонта, ч',
        '90-й процентиль, ч',
        'В срок',
        'Без норматива',
        'Доля в срок, %',
      ],
      rows: [
        ['North', 3, 4.5, 9.25, 2, 1, 100],
        ['Район не определён', 3, 4.5, 9.25, 2, 1, null],
        ['Всего', 3, 4.5, 9.25, 2, 1, 66.7],
      ],
    });
  });

  it('gives the open orders per age bucket, then open and past due', () => {
    const table = openOrdersTable(
      {
        rows: [{ key: null, name: null, ages: [1, 0, 2, 0, 3], open: 6, late: 4 }],
        total: { ages: [1, 0, 2, 0, 3], open: 6, late: 4 },
      },
      'en-us',
    );
    expect(table.columns).toEqual([
      'Fault kind',
      '< 1 day',
      '1–3 days',
      '3–7 days',
      '7–30 days',
      '> 30 days',
      'Open',
      'Past due',
    ]);
    expect(table.rows).toEqual([
      ['No fault kind', 1, 0, 2, 0, 3, 6, 4],
      ['Total', 1, 0, 2, 0, 3, 6, 4],
    ]);
  });
});
