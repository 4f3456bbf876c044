import { describe, expect, it } from 'vitest';
import { sunNight } from '../astro/sun-night.ts';
import { isDaylight, lampExpectation } from './lamp-expectation.ts';

const oslo = { lat: 59.91, lon: 10.75 };
const TZ = 'Europe/Oslo';
const at = (local: string) => new Date(`${local}+01:00`);
const daylight = (t: Date) => isDaylight(oslo, TZ, t);
// on from 16:00 to 08:00 at full power, with a midnight pause from 01:00 to 05:00
const points = [
  { at: at('2026-01-10T16:00'), level: 0 },
  { at: at('2026-01-10T16:00'), level: 100 },
  { at: at('2026-01-11T01:00'), level: 100 },
  { at: at('2026-01-11T01:00'), level: 0 },
  { at: at('2026-01-11T05:00'), level: 0 },
  { at: at('2026-01-11T05:00'), level: 100 },
  { at: at('2026-01-11T08:00'), level: 100 },
  { at: at('2026-01-11T08:00'), level: 0 },
];
const GRACE = 15 * 60_000;

describe('what a lamp’s program asks of it now', () => {
  it('knows the daylight of a winter day in Oslo by the almanac', () => {
    expect(daylight(at('2026-01-11T12:00'))).toBe(true);
    expect(daylight(at('2026-01-11T08:00'))).toBe(false);
    expect(daylight(at('2026-01-11T20:00'))).toBe(false);
    expect(daylight(at('2026-01-11T16:00'))).toBe(false);
    // polar day at 78° north in June, polar night in December
    expect(isDaylight({ lat: 78.2, lon: 15.6 }, 'Arctic/Longyearbyen', new Date('2026-06-21T00:00Z'))).toBe(
      true,
    );
    expect(isDaylight({ lat: 78.2, lon: 15.6 }, 'Arctic/Longyearbyen', new Date('2026-12-21T12:00Z'))).toBe(
      false,
    );
  });

  it('asks for light where the program has said on for the whole grace time', () => {
    expect(lampExpectation(points, daylight, at('2026-01-10T20:00'), GRACE)).toBe('on');
    expect(lampExpectation(points, daylight, at('2026-01-10T16:10'), GRACE)).toBeUndefined();
  });

  it('asks for dark only by day, never in a program’s own night-time pause', () => {
    expect(lampExpectation(points, daylight, at('2026-01-11T12:00'), GRACE)).toBe('dark');
    expect(lampExpectation(points, daylight, at('2026-01-11T03:00'), GRACE)).toBeUndefined();
    expect(lampExpectation(points, daylight, at('2026-01-11T08:10'), GRACE)).toBeUndefined();
  });

  it('counts the instant of sunset as night and the instant of sunrise as day', () => {
    const sun = sunNight(oslo, '2026-01-11', TZ);
    expect(daylight(sun.sunset!)).toBe(false);
    expect(daylight(new Date(sun.sunset!.getTime() - 1))).toBe(true);
    expect(daylight(sun.sunrise!)).toBe(true);
    expect(daylight(new Date(sun.sunrise!.getTime() - 1))).toBe(false);
  });

  it('asks for dark only when the program said off and the sun was up at both ends of the grace time', () => {
    const noon = at('2026-01-11T12:00');
    const upAfter = (t0: Date) => (t: Date) => t >= t0;
    expect(lampExpectation(points, () => true, noon, GRACE)).toBe('dark');
    // the sun rose within the grace time
    expect(lampExpectation(points, upAfter(new Date(noon.getTime() - 60_000)), noon, GRACE)).toBeUndefined();
    // the sun has just set
    expect(lampExpectation(points, (t) => t < noon, noon, GRACE)).toBeUndefined();
    // the program switched off within the grace time
    expect(lampExpectation(points, () => true, at('2026-01-11T08:05'), GRACE)).toBeUndefined();
    // the program switches on within it
    expect(lampExpectation(points, () => true, at('2026-01-10T16:05'), GRACE)).toBeUndefined();
  });
});
