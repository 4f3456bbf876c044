import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// GET /api/v2/lighting/sun: the astronomical clock through the running server, for any signed-in user.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`the sun's night over HTTP on ${backend}`, () => {
  it('gives sunset, sunrise and every method for a night in Orlando, within a minute of the reference', async () => {
    const r = await s.call(
      'GET',
      '/api/v2/lighting/sun?lat=28.538&lon=-81.379&date=2022-06-20&tz=America/New_York',
    );
    expect(r.status).toBe(200);
    expect(r.body.error).toBe(false);
    const { result } = r.body;
    expect(result.polar).toBeNull();
    // astronomy-engine's twilight table: civil dusk 2022-06-21T00:52Z, nautical 01:25Z, astronomical 02:00Z
    const near = (iso: string, expected: string) =>
      Math.abs(Date.parse(iso) - Date.parse(expected)) <= 60_000;
    expect(near(result.methods.CIVIL.on, '2022-06-21T00:52Z')).toBe(true);
    expect(near(result.methods.NAUTICAL.on, '2022-06-21T01:25Z')).toBe(true);
    expect(near(result.methods.END.on, '2022-06-21T02:00Z')).toBe(true);
    expect(result.methods.MID.burn).toBe('night');
    expect(Date.parse(result.sunrise)).toBeGreaterThan(Date.parse(result.sunset));
  });

  it('says polar day and night, and the fallback of a method not reached', async () => {
    const june = await s.call(
      'GET',
      '/api/v2/lighting/sun?lat=69.65&lon=18.96&date=2026-06-21&tz=Europe/Oslo',
    );
    expect(june.body.result).toMatchObject({ polar: 'day', sunset: null, sunrise: null });
    expect(june.body.result.methods.CIVIL).toEqual({ on: null, off: null, burn: 'none' });
    const december = await s.call(
      'GET',
      '/api/v2/lighting/sun?lat=69.65&lon=18.96&date=2026-12-21&tz=Europe/Oslo',
    );
    expect(december.body.result.polar).toBe('night');
    expect(december.body.result.methods.BORDERS.burn).toBe('all');
    const oslo = await s.call(
      'GET',
      '/api/v2/lighting/sun?lat=59.91&lon=10.75&date=2026-06-21&tz=Europe/Oslo',
    );
    expect(oslo.body.result.methods.NAUTICAL.fallback).toBe('CIVIL');
    expect(oslo.body.result.methods.NAUTICAL.on).toBe(oslo.body.result.methods.CIVIL.on);
    // a short night: civil dusk 22:27:50Z, civil dawn 00:10Z, not the dusk found twice (issue 29)
    const civil = oslo.body.result.methods.CIVIL;
    expect(Date.parse(civil.off) - Date.parse(civil.on)).toBeGreaterThan(100 * 60_000);
  });

  it.each([
    ['lat=91&lon=0&date=2026-01-01', 'lat'],
    ['lat=10&lon=-181&date=2026-01-01', 'lon'],
    ['lat=10&lon=0&date=2024-02-30', 'date'],
    ['lat=10&lon=0&date=0000-01-01', 'date'],
    ['lat=10&lon=0&date=2026-01-01&tz=Mars/Olympus', 'tz'],
    ['lat=abc&lon=0&date=2026-01-01', 'lat'],
    ['lat=10&lon=0&date=2026-01-01&tz=%00', 'tz'],
  ])('refuses %s as invalid, naming %s', async (query, field) => {
    const r = await s.call('GET', `/api/v2/lighting/sun?${query}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: true, code: 'IsInvalidError' });
    expect(r.body.fields).toContain(field);
  });

  it('is for signed-in users only', async () => {
    const r = await s.anonymous().call('GET', '/api/v2/lighting/sun?lat=10&lon=0&date=2026-01-01');
    expect(r.status).toBe(401);
  });
});

describe(`a profile's night over HTTP on ${backend}`, () => {
  it('gives the level points of a profile in its city, and in another city when asked', async () => {
    const city = await s.call('POST', '/api/v2/Cities', {
      name: { 'en-us': 'Cambridge, MA' },
      lat: 42.373,
      lon: -71.11,
      timezone: 'America/New_York',
    });
    expect(city.status).toBe(201);
    const profile = await s.call('POST', '/api/v2/Profiles', {
      name: 'Half from 23 to 4',
      kind: 'linear',
      city: city.body.result._id,
      settings: {
        time1: '23:00',
        time2: '23:00',
        time3: '04:00',
        time4: '04:00',
        pwm0: 100,
        pwm1: 100,
        pwm2: 50,
        pwm3: 50,
        pwm4: 100,
        twil: 3,
      },
    });
    expect(profile.status).toBe(201);
    const id = profile.body.result._id;
    const r = await s.call('GET', `/api/v2/profiles/${id}/night?date=2026-11-23`);
    expect(r.status).toBe(200);
    const night = r.body.result;
    expect(night).toMatchObject({ kind: 'linear', method: 'CIVIL', speed: false, burn: 'night' });
    expect(night.city.timezone).toBe('America/New_York');
    const levelAt = (iso: string) =>
      [...night.points].reverse().find((p: { at: string }) => Date.parse(p.at) <= Date.parse(iso))?.level;
    expect(levelAt('2026-11-24T04:00:00Z')).toBe(50); // 23:00 EST
    expect(levelAt('2026-11-24T08:59:00Z')).toBe(50); // 03:59 EST
    expect(levelAt('2026-11-24T09:00:00Z')).toBe(100); // 04:00 EST

    const oslo = await s.call('POST', '/api/v2/Cities', {
      name: { 'en-us': 'Oslo' },
      lat: 59.91,
      lon: 10.75,
      timezone: 'Europe/Oslo',
    });
    const there = await s.call(
      'GET',
      `/api/v2/profiles/${id}/night?date=2026-06-21&city=${oslo.body.result._id}`,
    );
    expect(there.body.result).toMatchObject({ method: 'CIVIL', burn: 'night' });
    expect(there.body.result.city._id).toBe(oslo.body.result._id);
  });

  it('refuses a twilight code that is neither a method nor its speed variant', async () => {
    for (const twil of [50, 6, 127, 134]) {
      const r = await s.call('POST', '/api/v2/Profiles', {
        name: `Bad ${twil}`,
        kind: 'onOff',
        settings: { twil },
      });
      expect(r.body).toMatchObject({ code: 'IsInvalidError', fields: ['settings.twil'] });
    }
    const category = await s.call('POST', '/api/v2/Categories', {
      date: '2026-12-31',
      settings: { twil: 50 },
    });
    expect(category.body).toMatchObject({ code: 'IsInvalidError', fields: ['settings.twil'] });
    const speed = await s.call('POST', '/api/v2/Profiles', {
      name: 'Speed',
      kind: 'onOff',
      settings: { twil: 131 },
    });
    expect(speed.status).toBe(201);
  });

  it('refuses a bad date, a profile of another group and a profile without a city', async () => {
    const bare = await s.call('POST', '/api/v2/Profiles', { name: 'No city', kind: 'onOff' });
    const id = bare.body.result._id;
    expect((await s.call('GET', `/api/v2/profiles/${id}/night?date=2026-02-30`)).body).toMatchObject({
      code: 'IsInvalidError',
      fields: ['date'],
    });
    expect((await s.call('GET', `/api/v2/profiles/${id}/night?date=2026-02-03`)).body).toMatchObject({
      code: 'IsInvalidError',
      fields: ['city'],
    });
    const other = await s.adminOfNewGroup('Elsewhere');
    const r = await other.call('GET', `/api/v2/profiles/${id}/night?date=2026-02-03`);
    expect(r.status).toBe(404);
  });
});
