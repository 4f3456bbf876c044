import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 11 §2 and §5: a draft profile's night (the chart follows the form before saving) and a profile's year.

let s: TestServer;
let city: number;
let profile: number;
const settings = { time1: '02:00', time2: '04:00', pwm0: 100, pwm1: 70, pwm2: 40, twil: 2 };

beforeAll(async () => {
  s = await startServer();
  city = (
    await s.call('POST', '/api/v2/Cities', {
      name: { 'en-us': 'Helsinki' },
      lat: 60.17,
      lon: 24.94,
      timezone: 'Europe/Helsinki',
    })
  ).body.result._id;
  const saved = await s.call('POST', '/api/v2/Profiles', {
    name: 'Night dim',
    kind: 'symmetrical',
    city,
    settings,
  });
  expect(saved.status).toBe(201);
  profile = saved.body.result._id;
});
afterAll(() => s?.close());

describe(`a draft profile's night on ${backend}`, () => {
  it('is the night the same profile gives once saved', async () => {
    const saved = await s.call('GET', `/api/v2/profiles/${profile}/night?date=2026-11-23`);
    const draft = await s.call('POST', '/api/v2/profiles/night', {
      kind: 'symmetrical',
      twilightMethod: 'MID',
      settings: { ...settings, time3: null, pwm3: null },
      city,
      date: '2026-11-23',
    });
    expect(draft.status).toBe(200);
    expect(draft.body.result).toEqual(saved.body.result);
    expect(draft.body.result.points.map((p: { level: number }) => p.level)).toContain(40);
  });

  it('refuses settings a saved profile would refuse, naming the field, and bad input without a 500', async () => {
    const body = {
      kind: 'symmetrical',
      settings: { time1: '05:00', time2: '01:00' },
      city,
      date: '2026-11-23',
    };
    const wrongOrder = await s.call('POST', '/api/v2/profiles/night', body);
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body).toMatchObject({ code: 'IsInvalidError', fields: ['settings.time2'] });
    for (const bad of [
      { ...body, settings: { pwm0: 140 } },
      { ...body, kind: 'sideways' },
      { ...body, date: '2026-02-30' },
      { ...body, settings: { twil: 50 } },
      { kind: 'onOff', date: '2026-11-23' },
    ]) {
      const r = await s.call('POST', '/api/v2/profiles/night', bad);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('IsInvalidError');
    }
    const nowhere = { ...body, settings: {}, city: 999_999 };
    expect((await s.call('POST', '/api/v2/profiles/night', nowhere)).status).toBe(404);
  });
});

describe(`a profile's year on ${backend}`, () => {
  type Day = {
    date: string;
    on: string;
    off: string;
    onLocal: string;
    offLocal: string;
    burnMinutes: number;
  };
  it('has every night of the year, longer in December than in June, on the city clock through DST', async () => {
    const r = await s.call('GET', `/api/v2/profiles/${profile}/year?year=2026`);
    expect(r.status).toBe(200);
    const { days, months } = r.body.result as { days: Day[]; months: { month: number; burnHours: number }[] };
    expect(days).toHaveLength(365);
    expect(days[0]!.date).toBe('2026-01-01');
    expect(days.at(-1)!.date).toBe('2026-12-31');
    expect(months[11]!.burnHours).toBeGreaterThan(2 * months[5]!.burnHours);
    expect(months.reduce((sum, m) => sum + m.burnHours, 0)).toBeGreaterThan(3500);

    // Helsinki moves to summer time on 2026-03-29: the instant moves by minutes, the clock by about an hour
    const day = (date: string) => days.find((d) => d.date === date)!;
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    const [before, after] = [day('2026-03-28'), day('2026-03-29')];
    expect(Math.abs(Date.parse(after.on) - Date.parse(before.on) - 86_400_000)).toBeLessThan(10 * 60_000);
    expect(minutes(after.onLocal) - minutes(before.onLocal)).toBeGreaterThan(55);
    expect(minutes(after.onLocal) - minutes(before.onLocal)).toBeLessThan(65);
    // and back on 2026-10-25: the night of the 24th is 25 hours long on the clock, not in burning time
    const [autumn, next] = [day('2026-10-24'), day('2026-10-25')];
    expect(minutes(next.onLocal) - minutes(autumn.onLocal)).toBeLessThan(-55);
    expect(Math.abs(next.burnMinutes - autumn.burnMinutes)).toBeLessThan(10);

    const leap = await s.call('GET', `/api/v2/profiles/${profile}/year?year=2028`);
    expect(leap.body.result.days).toHaveLength(366);
  });

  // (how fast is bench's to say, not a test's: its 300 ms bound failed on a loaded CI machine)
  it('answers the year of a second profile of a city whose suns are known, the same when asked again', async () => {
    const other = await s.call('POST', '/api/v2/Profiles', {
      name: 'Other night',
      kind: 'symmetrical',
      city,
      settings: { ...settings, pwm2: 20 },
    });
    const year = async () => {
      const r = await s.call('GET', `/api/v2/profiles/${other.body.result._id}/year?year=2026`);
      expect(r.status).toBe(200);
      return r.body.result;
    };
    const first = await year();
    expect(first.days).toHaveLength(365);
    expect(await year()).toEqual(first);
  });

  it('refuses a bad year and an unknown profile', async () => {
    for (const year of ['26', '2026.5', 'soon', '99999']) {
      const r = await s.call('GET', `/api/v2/profiles/${profile}/year?year=${year}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'IsInvalidError', fields: ['year'] });
    }
    expect((await s.call('GET', `/api/v2/profiles/999999/year?year=2026`)).status).toBe(404);
  });
});

describe(`access to profile nights on ${backend}`, () => {
  it('is refused without the Profiles view right', async () => {
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'No profiles' })).body._id;
    const role = (
      await s.call('POST', '/api/v1/Roles', { name: 'Cities only', accessRights: { Cities: { view: true } } })
    ).body._id;
    const made = await s.call('POST', '/api/v1/Users', {
      login: 'no-profiles',
      password: 'Lamps-2026',
      group,
      role,
      type: 'NORMAL',
      email: 'no-profiles@example.org',
    });
    expect(made.status).toBe(201);
    const user = await s.signIn('no-profiles', 'Lamps-2026');
    const draft = { kind: 'onOff', city, date: '2026-11-23' };
    expect((await user.call('POST', '/api/v2/profiles/night', draft)).status).toBe(403);
    expect((await user.call('GET', `/api/v2/profiles/${profile}/year?year=2026`)).status).toBe(403);
    expect((await s.anonymous().call('POST', '/api/v2/profiles/night', draft)).status).toBe(401);
  });
});
