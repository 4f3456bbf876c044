import { describe, expect, it } from 'vitest';
import { sunNight } from '../astro/sun-night.ts';
import { daysOfYear, fullMinutesOf, profileYear } from './profile-year.ts';

const at = (iso: string) => new Date(iso);

describe('a profile over a year', () => {
  it('counts the local days of common and leap years', () => {
    expect(daysOfYear(2026)).toHaveLength(365);
    expect(daysOfYear(2028)).toHaveLength(366);
    expect(daysOfYear(2028)[59]).toBe('2028-02-29');
  });

  it('weighs burning by level: a fade counts half, a held level its share', () => {
    const points = [
      { at: at('2026-01-01T17:00Z'), level: 0 },
      { at: at('2026-01-01T17:10Z'), level: 100 },
      { at: at('2026-01-01T23:00Z'), level: 100 },
      { at: at('2026-01-01T23:00Z'), level: 50 },
      { at: at('2026-01-02T01:00Z'), level: 50 },
    ];
    expect(fullMinutesOf(points)).toBe(5 + 350 + 60);
  });

  it('gives each night its switch times on the city clock and each month its hours', () => {
    const place = { lat: 60.17, lon: 24.94 };
    const tz = 'Europe/Helsinki';
    const year = profileYear({ kind: 'onOff', settings: { pwm0: 50 } }, place, 2026, tz, (day) =>
      sunNight(place, day, tz),
    );
    expect(year.days).toHaveLength(365);
    const june = year.months[5]!;
    const december = year.months[11]!;
    expect(december.burnHours).toBeGreaterThan(3 * june.burnHours);
    expect(december.fullHours).toBeCloseTo(december.burnHours / 2, 0);
    expect(year.days[0]).toMatchObject({ date: '2026-01-01', burn: 'night' });
    expect(year.days[0]!.onLocal).toMatch(/^1[45]:\d\d$/);
  });

  it('rounds each month to a tenth of an hour, and gives a night that does not burn no times and no minutes', () => {
    const tromso = { lat: 69.65, lon: 18.96 };
    const tz = 'Europe/Oslo';
    const year = profileYear({ kind: 'onOff', twilightMethod: 'MID' }, tromso, 2026, tz, (day) =>
      sunNight(tromso, day, tz),
    );
    const midsummer = year.days.find((d) => d.date === '2026-06-21')!;
    expect(midsummer).toMatchObject({
      burn: 'none',
      on: null,
      off: null,
      onLocal: null,
      offLocal: null,
      burnMinutes: 0,
    });
    expect(year.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const m of year.months) {
      const minutes = year.days
        .filter((d) => Number(d.date.slice(5, 7)) === m.month)
        .reduce((sum, d) => sum + d.burnMinutes, 0);
      expect(m.burnHours).toBe(Math.round(minutes / 6) / 10);
    }
    expect(year.days.find((d) => d.date === '2026-12-21')!.offLocal).toMatch(/^\d\d:\d\d$/);
  });

  it('writes years before 1000 with four digits', () => {
    expect(daysOfYear(999)[0]).toBe('0999-01-01');
  });
});
