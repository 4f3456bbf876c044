import { describe, expect, it } from 'vitest';
import { TWILIGHT_METHODS } from '../status.ts';
import { localTime } from '../astro/local-time.ts';
import { sunNight, type MethodNight, type SunNight } from '../astro/sun-night.ts';
import { twilightDays } from './schedule-twilight.ts';

// A power schedule filled from twilight: each day's evening on from that day's night, its morning off from the
// night before's, each moved by its offset, in the city's local time.

const NY = 'America/New_York';
const CAMBRIDGE = { lat: 42.3736, lon: -71.1097 };

/** a night whose every method switches at the same instants (enough to see which night a time is taken from) */
function night(on: string | null, off: string | null, sun?: { sunset: string; sunrise: string }): SunNight {
  const method: MethodNight = {
    on: on ? new Date(on) : null,
    off: off ? new Date(off) : null,
    burn: on ? 'night' : 'all',
  };
  return {
    noon: new Date(0),
    nextNoon: new Date(0),
    sunset: sun ? new Date(sun.sunset) : null,
    sunrise: sun ? new Date(sun.sunrise) : null,
    polar: on ? null : 'night',
    methods: Object.fromEntries(TWILIGHT_METHODS.map((m) => [m, method])) as SunNight['methods'],
  };
}

describe('twilight days', () => {
  it('takes the on time from the day’s own night and the off time from the night before, each with its offset', () => {
    const suns = new Map([
      [
        '2026-03-09',
        night('2026-03-09T23:00:00Z', '2026-03-10T10:30:00Z', {
          sunset: '2026-03-09T22:50:00Z',
          sunrise: '2026-03-10T10:40:00Z',
        }),
      ],
      [
        '2026-03-10',
        night('2026-03-10T23:01:00Z', '2026-03-11T10:28:00Z', {
          sunset: '2026-03-10T22:51:00Z',
          sunrise: '2026-03-11T10:38:00Z',
        }),
      ],
    ]);
    expect(twilightDays(suns, ['2026-03-10'], 'CIVIL', { on: 15, off: -10 }, NY)).toEqual([
      // New York is on daylight time (UTC−4) since 8 March 2026
      { date: '2026-03-10', off: '06:20', on: '19:16', sunrise: '06:40', sunset: '18:51' },
    ]);
  });

  it('moves a time past midnight when its offset takes it there', () => {
    const suns = new Map([['2026-03-10', night('2026-03-11T03:50:00Z', '2026-03-11T10:00:00Z')]]);
    expect(twilightDays(suns, ['2026-03-10'], 'MID', { on: 20, off: 0 }, NY)).toEqual([
      { date: '2026-03-10', on: '00:10' },
    ]);
  });

  it('leaves the times of a polar night and of a night it was not given empty', () => {
    const suns = new Map([
      ['2026-12-20', night(null, null)],
      ['2026-12-21', night(null, null)],
    ]);
    expect(twilightDays(suns, ['2026-12-21', '2026-12-22'], 'END', { on: 0, off: 0 }, 'UTC')).toEqual([
      { date: '2026-12-21' },
      { date: '2026-12-22' },
    ]);
  });

  it('agrees with the sky over Cambridge for every method on a real day', () => {
    const days = ['2026-06-20', '2026-06-21'];
    const suns = new Map(days.map((d) => [d, sunNight(CAMBRIDGE, d, NY)]));
    for (const method of TWILIGHT_METHODS) {
      const [day] = twilightDays(suns, ['2026-06-21'], method, { on: 0, off: 0 }, NY);
      expect(day!.on).toBe(localTime(suns.get('2026-06-21')!.methods[method].on!, NY));
      expect(day!.off).toBe(localTime(suns.get('2026-06-20')!.methods[method].off!, NY));
      // the lamps go off in the morning and on in the evening of the same day
      expect(day!.off! < day!.on!).toBe(true);
    }
    const [borders] = twilightDays(suns, ['2026-06-21'], 'BORDERS', { on: 0, off: 0 }, NY);
    // the almanac: sunrise 05:07 and sunset 20:25 in Cambridge, MA on 21 June 2026
    expect(borders!.sunrise).toMatch(/^05:0[6-8]$/);
    expect(borders!.sunset).toMatch(/^20:2[4-6]$/);
  });
});
