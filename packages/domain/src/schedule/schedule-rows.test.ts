import { describe, expect, it } from 'vitest';
import { readScheduleLines, scheduleDate, scheduleTime } from './schedule-rows.ts';

const lines = (...rows: string[][]) => rows.map((cells, i) => ({ line: i + 1, cells }));

describe('schedule file lines (spec §5)', () => {
  it('reads DD-MM-YYYY dates and clock times, refusing days and hours that do not exist', () => {
    expect(scheduleDate('07-03-2026')).toBe('2026-03-07');
    expect(scheduleDate('7.3.2026')).toBe('2026-03-07');
    expect(scheduleDate('30-02-2026')).toBeUndefined();
    expect(scheduleDate('2026-03-07')).toBeUndefined();
    expect(scheduleTime('7:05')).toBe('07:05');
    expect(scheduleTime('19:30:00')).toBe('19:30');
    expect(scheduleTime('25:00')).toBeUndefined();
    expect(scheduleTime('19.30')).toBeUndefined();
  });

  it('skips a header, drops lines without a valid date, refuses bad times and a day given twice', () => {
    const read = readScheduleLines(
      lines(
        ['date', 'off', 'on'],
        ['01-03-2026', '06:40', '17:55'],
        [''],
        ['30-02-2026', '06:40', '17:55'],
        ['02-03-2026', '25:00', '17:57'],
        ['03-03-2026', '06:36', ''],
        ['01-03-2026', '06:41', '17:56'],
        ['garbage'],
      ),
    );
    expect(read.entries).toEqual([{ line: 2, date: '2026-03-01', off: '06:40', on: '17:55' }]);
    expect(read.problems).toEqual([
      { line: 4, column: 'date', reason: 'invalid', outcome: 'dropped' },
      { line: 5, column: 'off', reason: 'invalid', outcome: 'refused' },
      { line: 6, column: 'on', reason: 'required', outcome: 'refused' },
      { line: 7, column: 'date', reason: 'duplicate', outcome: 'refused' },
      { line: 8, column: 'date', reason: 'invalid', outcome: 'dropped' },
    ]);
  });
});
