import { describe, expect, it } from 'vitest';
import { readCalendarCsv } from './calendar-csv.ts';

describe('calendar CSV', () => {
  it('reads date,type,label lines after a header, with either separator and day-first dates', () => {
    expect(readCalendarCsv('date,type,label\n2026-12-25,holiday,Christmas\n\n2026-12-26,Weekend,\n')).toEqual(
      {
        days: [
          { line: 2, date: '2026-12-25', type: 'holiday', label: 'Christmas' },
          { line: 4, date: '2026-12-26', type: 'weekend' },
        ],
        problems: [],
      },
    );
    expect(readCalendarCsv('тип;дата\nholiday;01.05.2026').days).toEqual([
      { line: 2, date: '2026-05-01', type: 'holiday' },
    ]);
  });

  it('names the line, column and reason of every bad line', () => {
    const { problems } = readCalendarCsv(
      [
        '2026-02-30,holiday,No such day',
        '2026-03-01,party',
        '2026-03-02',
        '2026-03-03,workday,x,extra',
        `2026-03-04,events,${'x'.repeat(501)}`,
        '2026-03-05,workday',
        '2026-03-05,dayoff',
      ].join('\n'),
    );
    expect(problems).toEqual([
      { line: 1, column: 'date', reason: 'invalid' },
      { line: 2, column: 'type', reason: 'invalid' },
      { line: 3, column: 'type', reason: 'required' },
      { line: 4, column: 'line', reason: 'columns' },
      { line: 5, column: 'label', reason: 'tooLong' },
      { line: 7, column: 'date', reason: 'duplicate' },
    ]);
  });
});
