import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localDay, localTime } from './local-time.ts';
import { sunNight, sunNightFrom } from './sun-night.ts';

const TWILIGHT_DIR = new URL('../../../../inventories/twilight/', import.meta.url);
const MINUTE = 60_000;
const off = (a: Date | null, b: Date) => Math.abs(a!.getTime() - b.getTime());

describe('the astronomical clock against the reference tables', () => {
  // lat lon search_start astro_dawn naut_dawn civil_dawn civil_dusk naut_dusk astro_dusk, UTC (Orlando, FL)
  const orlando = readFileSync(new URL('astronomy-engine_twilight.txt', TWILIGHT_DIR), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/));

  it.each(orlando)('twilight at %s %s from %s within a minute', (lat, lon, start, ...times) => {
    const [astroDawn, nautDawn, civilDawn, civilDusk, nautDusk, astroDusk] = times.map((t) => new Date(t));
    const place = { lat: Number(lat), lon: Number(lon) };
    // the table's dusks are the evening of its day; its dawns end the night before
    const tonight = sunNight(place, start!.slice(0, 10), 'America/New_York');
    const lastNight = sunNightFrom(place, new Date(tonight.noon.getTime() - 36 * 3600_000));
    expect(off(tonight.methods.CIVIL.on, civilDusk!)).toBeLessThanOrEqual(MINUTE);
    expect(off(tonight.methods.NAUTICAL.on, nautDusk!)).toBeLessThanOrEqual(MINUTE);
    expect(off(tonight.methods.END.on, astroDusk!)).toBeLessThanOrEqual(MINUTE);
    expect(off(lastNight.methods.CIVIL.off, civilDawn!)).toBeLessThanOrEqual(MINUTE);
    expect(off(lastNight.methods.NAUTICAL.off, nautDawn!)).toBeLessThanOrEqual(MINUTE);
    expect(off(lastNight.methods.END.off, astroDawn!)).toBeLessThanOrEqual(MINUTE);
  });

  // Body lon lat time r|s, from the U.S. Naval Observatory's one-year rise/set tables
  const usno = readFileSync(new URL('astronomy-engine_riseset_usno.txt', TWILIGHT_DIR), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([body, lon, lat]) => body === 'Sun' && Math.abs(Number(lat)) <= 60 && lon !== undefined)
    // every other event keeps each season of each place and halves the time
    .filter((_, i) => i % 2 === 0);

  it(`sunset and sunrise of ${usno.length} USNO events at four places within a minute`, () => {
    const worst = { minutes: 0, at: '' };
    // each sunset opens a night counted from that day's noon; the sunrise after it closes the same night
    for (const [, lon, lat, time, kind] of usno) {
      if (kind !== 's') continue;
      const place = { lat: Number(lat), lon: Number(lon) };
      const at = new Date(time!);
      const night = sunNightFrom(place, new Date(at.getTime() - 20 * 3600_000));
      const error = off(night.sunset, at) / MINUTE;
      if (error > worst.minutes) Object.assign(worst, { minutes: error, at: `${lon} ${lat} ${time}` });
    }
    for (const [, lon, lat, time, kind] of usno) {
      if (kind !== 'r') continue;
      const place = { lat: Number(lat), lon: Number(lon) };
      const at = new Date(time!);
      const night = sunNightFrom(place, new Date(at.getTime() - 30 * 3600_000));
      const error = off(night.sunrise, at) / MINUTE;
      if (error > worst.minutes) Object.assign(worst, { minutes: error, at: `${lon} ${lat} ${time} r` });
    }
    expect(worst.minutes, worst.at).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe('polar nights and days are said, never a midnight flash', () => {
  const tromso = { lat: 69.65, lon: 18.96 };
  const oslo = { lat: 59.91, lon: 10.75 };

  it('at 70°N in June the sun does not set: every method stays off', () => {
    const night = sunNight(tromso, '2026-06-21', 'Europe/Oslo');
    expect(night.polar).toBe('day');
    expect(night.sunset).toBeNull();
    for (const m of Object.values(night.methods)) expect(m).toEqual({ on: null, off: null, burn: 'none' });
  });

  it('at 70°N in December the sun does not rise: BORDERS burns all day, CIVIL has a night of its own', () => {
    const night = sunNight(tromso, '2026-12-21', 'Europe/Oslo');
    expect(night.polar).toBe('night');
    expect(night.methods.BORDERS).toEqual({ on: null, off: null, burn: 'all' });
    expect(night.methods.SIMPLE.burn).toBe('all');
    // the sun climbs to −3.1° at noon: below MID's −3° too, above CIVIL's −6° for a few hours
    expect(night.methods.MID.burn).toBe('all');
    expect(night.methods.CIVIL.burn).toBe('night');
    expect(localTime(night.methods.CIVIL.on!, 'Europe/Oslo')).toMatch(/^13:/);
    expect(localDay(night.methods.CIVIL.off!, 'Europe/Oslo')).toBe('2026-12-22');
  });

  it('Oslo in June: NAUTICAL and END are not reached, the nearest shallower method (CIVIL) applies and says so', () => {
    const night = sunNight(oslo, '2026-06-21', 'Europe/Oslo');
    expect(night.polar).toBeNull();
    expect(night.methods.CIVIL.fallback).toBeUndefined();
    expect(night.methods.NAUTICAL).toEqual({ ...night.methods.CIVIL, fallback: 'CIVIL' });
    expect(night.methods.END).toEqual({ ...night.methods.CIVIL, fallback: 'CIVIL' });
    // civil dusk after midnight, on the clock of the next day, still this night's
    expect(localDay(night.methods.CIVIL.on!, 'Europe/Oslo')).toBe('2026-06-22');
    expect(localTime(night.methods.CIVIL.on!, 'Europe/Oslo')).toMatch(/^00:/);
    // a short night still has a morning of its own, not the evening found twice (issue 29: on = off = 22:27:50Z)
    expect(off(night.methods.CIVIL.on, new Date('2026-06-21T22:27:50Z'))).toBeLessThanOrEqual(MINUTE);
    expect(off(night.methods.CIVIL.off, new Date('2026-06-22T00:10:00Z'))).toBeLessThanOrEqual(MINUTE);
  });

  it('at 70°N the first nights of the midnight sun: BORDERS no longer sets, deeper methods fall back to nothing', () => {
    const before = sunNight(tromso, '2026-05-15', 'Europe/Oslo');
    expect(before.polar).toBeNull();
    expect(before.methods.BORDERS.burn).toBe('night');
    expect(before.methods.MID.fallback).toBe('BORDERS');
    const night = sunNight(tromso, '2026-05-25', 'Europe/Oslo');
    expect(night.polar).toBe('day');
    expect(night.methods.MID).toEqual({ on: null, off: null, burn: 'none' });
  });
});

describe('local days follow the city time zone, DST changes included', () => {
  const berlin = { lat: 52.52, lon: 13.405 };
  const newYork = { lat: 40.7128, lon: -74.006 };

  it.each([
    ['Europe/Berlin', berlin, '2026-03-28', '2026-03-29'],
    ['Europe/Berlin', berlin, '2026-10-24', '2026-10-25'],
    ['America/New_York', newYork, '2026-03-07', '2026-03-08'],
    ['America/New_York', newYork, '2026-10-31', '2026-11-01'],
  ])(
    '%s: the nights around a change of clocks move by minutes in UTC and by an hour on the clock',
    (tz, place, before, change) => {
      const a = sunNight(place, before, tz);
      const b = sunNight(place, change, tz);
      expect(localDay(a.sunset!, tz)).toBe(before);
      expect(localDay(b.sunset!, tz)).toBe(change);
      expect(localDay(a.sunrise!, tz)).toBe(change);
      // a day apart less a few minutes of the season, whatever the clocks did
      const dayMinutes = (b.sunset!.getTime() - a.sunset!.getTime()) / MINUTE;
      expect(Math.abs(dayMinutes - 1440)).toBeLessThan(5);
      const clock = (d: Date) =>
        Number(localTime(d, tz).slice(0, 2)) * 60 + Number(localTime(d, tz).slice(3));
      expect(Math.abs(Math.abs(clock(b.sunset!) - clock(a.sunset!)) - 60)).toBeLessThan(5);
    },
  );
});
