import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDay, isTimeZone, localDay, localTime, zonedInstant } from './local-time.ts';

describe('local time in an IANA zone', () => {
  it('places a clock time on both sides of a change of clocks', () => {
    expect(zonedInstant('2026-03-28', '12:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T11:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '12:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
    expect(zonedInstant('2026-11-01', '00:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(zonedInstant('2026-11-02', '00:00', 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });

  it('a skipped time is an hour on; a repeated time is its first passing', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(localTime(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin')).toBe('03:30');
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('a 23-hour and a 25-hour day', () => {
    const length = (day: string, tz: string) =>
      (zonedInstant(addDays(day, 1), '00:00', tz).getTime() - zonedInstant(day, '00:00', tz).getTime()) /
      3600_000;
    expect(length('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(length('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(length('2026-03-08', 'America/New_York')).toBe(23);
    expect(length('2026-06-01', 'Asia/Kolkata')).toBe(24);
  });

  it('reads the local day of an instant and refuses impossible days and unknown zones', () => {
    expect(localDay(new Date('2026-11-23T23:30:00Z'), 'Europe/Moscow')).toBe('2026-11-24');
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-30')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(isCalendarDay('2024-1-1')).toBe(false);
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
