import { describe, expect, it } from 'vitest';
import {
  addDays,
  isCalendarDay,
  isClockTime,
  isTimeZone,
  localDay,
  localTime,
  nextLocalNoon,
  offsetAt,
  zonedInstant,
} from './local-time.ts';

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
    expect(localDay(new Date('0999-06-01T12:00:00Z'), 'UTC')).toBe('0999-06-01');
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-30')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(isCalendarDay('2024-1-1')).toBe(false);
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('reads a zone offset to the millisecond, takes only HH:MM clock times, and finds the next local noon', () => {
    expect(offsetAt(new Date('2026-01-15T12:00:00.250Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(offsetAt(new Date('2026-07-15T12:00:00.999Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(offsetAt(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    for (const ok of ['00:00', '23:59', '07:05']) expect(isClockTime(ok)).toBe(true);
    for (const bad of ['24:00', '7:05', '12:60', '12:00:00', 'x12:00']) expect(isClockTime(bad)).toBe(false);
    expect(nextLocalNoon(new Date('2026-03-10T15:59:59Z'), 'America/New_York')).toEqual(
      new Date('2026-03-10T16:00:00Z'),
    );
    expect(nextLocalNoon(new Date('2026-03-10T16:00:00Z'), 'America/New_York')).toEqual(
      new Date('2026-03-11T16:00:00Z'),
    );
  });
});
