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
});
