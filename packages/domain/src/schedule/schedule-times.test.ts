import { describe, expect, it } from 'vitest';
import { monthAndNext, scheduleNights } from './schedule-nights.ts';
import { localDays, mergeDays, scheduleInstant, toMonthRecords } from './schedule-times.ts';

describe('schedule times in the city’s zone', () => {
  it('converts local times to UTC with the offset of each day, across a DST change', () => {
    const months = toMonthRecords(
      [
        { date: '2026-03-28', off: '06:00', on: '19:00' },
        { date: '2026-03-29', off: '07:00', on: '20:00' },
        { date: '2026-04-01', off: '07:00', on: '20:00' },
      ],
      'Europe/Berlin',
    );
    expect(Object.fromEntries(months)).toEqual({
      '2026-03': [
        { day: 28, off: '05:00', on: '18:00' },
        { day: 29, off: '05:00', on: '18:00' },
      ],
      '2026-04': [{ day: 1, off: '05:00', on: '18:00' }],
    });
    const ny = toMonthRecords([{ date: '2026-11-01', off: '06:30', on: '16:50' }], 'America/New_York');
    expect(ny.get('2026-11')).toEqual([{ day: 1, off: '11:30', on: '21:50' }]);
  });

  it('gives back the local times and instants, also where UTC is on another day', () => {
    expect(localDays('2026-03', [{ day: 29, off: '05:00', on: '18:00' }], 'Europe/Berlin')).toEqual([
      { date: '2026-03-29', off: '07:00', on: '20:00' },
    ]);
    // Tokyo's 06:00 is 21:00 UTC the day before
    const [tokyo] = toMonthRecords(
      [{ date: '2026-06-10', off: '06:00', on: '19:00' }],
      'Asia/Tokyo',
    ).values();
    expect(tokyo).toEqual([{ day: 10, off: '21:00', on: '10:00' }]);
    expect(scheduleInstant('2026-06-10', '21:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-06-09T21:00:00.000Z',
    );
    expect(localDays('2026-06', tokyo!, 'Asia/Tokyo')).toEqual([
      { date: '2026-06-10', off: '06:00', on: '19:00' },
    ]);
  });

  it('merges a file’s days into a stored month, the file winning', () => {
    expect(
      mergeDays(
        [
          { day: 2, off: '05:00', on: '17:00' },
          { day: 1, off: '05:01', on: '17:01' },
        ],
        [{ day: 2, off: '04:00', on: '18:00' }],
      ),
    ).toEqual([
      { day: 1, off: '05:01', on: '17:01' },
      { day: 2, off: '04:00', on: '18:00' },
    ]);
  });
});

describe('schedule nights', () => {
  it('runs each row’s night from its on time to the next day’s off time, noon to noon', () => {
    const nights = scheduleNights(
      [
        { month: '2026-03', timeData: [{ day: 31, off: '04:00', on: '17:30' }] },
        { month: '2026-04', timeData: [{ day: 1, off: '03:58', on: '17:32' }] },
      ],
      'Europe/Berlin',
    );
    expect(nights).toEqual([
      {
        from: '2026-03-31T10:00:00.000Z',
        to: '2026-04-01T10:00:00.000Z',
        on: '2026-03-31T17:30:00.000Z',
        off: '2026-04-01T03:58:00.000Z',
      },
      {
        from: '2026-04-01T10:00:00.000Z',
        to: '2026-04-02T10:00:00.000Z',
        on: '2026-04-01T17:32:00.000Z',
        off: '2026-04-02T03:58:00.000Z',
      },
    ]);
    expect(monthAndNext('2026-12-05')).toEqual(['2026-12', '2027-01']);
  });
});
