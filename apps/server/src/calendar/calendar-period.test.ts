import { describe, expect, it } from 'vitest';
import { withPeriod } from './calendar-period.ts';

describe('calendar period', () => {
  it('turns a year, or a year and month, into the date filters of one page', () => {
    expect(withPeriod({ year: '2028', month: '2' })).toEqual({
      limit: '366',
      sort: 'date',
      date_gte: '2028-02-01',
      date_lte: '2028-02-29',
    });
    expect(withPeriod({ year: '2026', limit: '5' })).toMatchObject({
      limit: '5',
      date_gte: '2026-01-01',
      date_lte: '2026-12-31',
    });
    expect(withPeriod({ skip: '10' })).toEqual({ skip: '10' });
  });

  it('refuses a bad year or month, a month alone and a second date filter', () => {
    const cases: [Record<string, string | string[]>, string[]][] = [
      [{ year: '26' }, ['year']],
      [{ year: '0000' }, ['year']],
      [{ year: '2026', month: '13' }, ['month']],
      [{ year: '2026', month: ['1', '2'] }, ['month']],
      [{ month: '1' }, ['year']],
      [{ year: '2026', date_gte: '2026-01-01' }, ['date_gte']],
    ];
    for (const [query, fields] of cases)
      expect(() => withPeriod(query), JSON.stringify(query)).toThrow(
        expect.objectContaining({ code: 'IsInvalidError', fields }),
      );
  });
});
