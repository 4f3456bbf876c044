import { describe, expect, it } from 'vitest';
import { publicHolidays } from './demo-program.ts';

describe('the demo city’s public holidays', () => {
  it('are Massachusetts’ for 2026 and 2027, observed on a weekday', () => {
    // 1 January 2022 was a Saturday: observed on 31 December 2021
    expect(publicHolidays(2021).at(-1)).toEqual({ date: '2021-12-31', label: 'New Year’s Day' });
    expect(publicHolidays(2022).map((h) => h.date)).not.toContain('2021-12-31');
    expect(publicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-20',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(publicHolidays(2027).map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-04-19',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
      // 1 January 2028 is a Saturday
      '2027-12-31',
    ]);
  });
});
