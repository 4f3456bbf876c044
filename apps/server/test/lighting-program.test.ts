import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay, zonedInstant } from '@sl/domain/astro';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { programsSent, until } from './field-setup.ts';
import { startServer, type TestServer } from './harness.ts';

// Issue 11 §4: the server compiles each controller's program and sends it; the simulated controller acknowledges
// it and its lamps follow. The simulator's clock stands at 02:00 of the night in progress in Cambridge, so its
// lamps burn by the program whatever the time of the run.

const TZ = 'America/New_York';
const night = localDay(new Date(Date.now() - 12 * 3_600_000), TZ);
const twoAm = zonedInstant(addDays(night, 1), '02:00', TZ);

describe('lighting programs in the field', () => {
  let s: TestServer;
  let sim: SimulatorHandle;
  let modules: { _id: number; mac: string; pwm: number | null }[];

  beforeAll(async () => {
    s = await startServer({}, { programs: { settleMs: 200 } });
    const city = await loadCity('cambridge', { controllers: 1 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
    const secrets = await s.commission(city.cabinets.map((c) => c.controller.mac));
    sim = await startSimulator({
      broker: s.brokerUrl,
      city,
      intervalMs: 300,
      faults: false,
      secrets,
      clock: () => twoAm,
    });
    modules = (await s.call('GET', '/api/v1/LuminaryModules?limit=100')).body.data;
  });
  afterAll(async () => {
    await sim?.stop({ clearRetained: true });
    await s?.close();
  });

  const levels = async () =>
    new Map(
      ((await s.call('GET', '/api/v1/LuminaryModules?limit=100')).body.data as typeof modules).map((m) => [
        m.mac,
        m.pwm,
      ]),
    );
  const programs = () => programsSent(s, 50);

  it('sends a program when a politic is saved, the controller acknowledges it, and every lamp follows it', async () => {
    const profile = (
      await s.call('POST', '/api/v1/Profiles', { name: 'Quiet night', kind: 'onOff', settings: { pwm0: 40 } })
    ).body;
    expect(profile._id).toBeTypeOf('number');
    const politic = (await s.call('POST', '/api/v1/Politics', { name: 'Cambridge', profile: profile._id }))
      .body;
    expect(politic._id).toBeTypeOf('number');

    const sent = await until(async () => {
      const done = (await programs()).filter((c) => c.devices[0]?.state === 'acknowledged');
      return done.length ? done : undefined;
    }, 10_000);
    expect(sent).toHaveLength(1);
    await until(
      async () => ([...(await levels()).values()].every((pwm) => pwm === 40) ? true : undefined),
      10_000,
    );

    const why = (await s.call('GET', `/api/v2/lighting/lamps/${modules[0]!._id}`)).body.result;
    expect(why).toMatchObject({
      module: { _id: modules[0]!._id, mac: modules[0]!.mac },
      source: 'politic',
      profile: { _id: profile._id, name: 'Quiet night' },
      politic: { _id: politic._id, name: 'Cambridge' },
      method: 'MID',
      burn: 'night',
    });
    expect(['workday', 'weekend']).toContain(why.dayType);
    expect(why.points.length).toBeGreaterThan(3);
    expect(Math.max(...why.points.map((p: { level: number }) => p.level))).toBe(40);
  });

  it('moves exactly the lamp given a profile of its own, and says why for each', async () => {
    const before = (await programs()).length;
    const [first] = modules;
    const own = (
      await s.call('POST', '/api/v1/Profiles', { name: 'Bright', kind: 'onOff', settings: { pwm0: 90 } })
    ).body;
    // the lamp's own profile (its module's): that lamp alone
    expect(
      (await s.call('PATCH', `/api/v1/LuminaryModules/${first!._id}`, { profileId: own._id })).status,
    ).toBe(200);
    await until(async () => ((await programs()).length > before ? true : undefined), 10_000);
    await until(async () => {
      const now = await levels();
      return now.get(first!.mac) === 90 && modules.slice(1).every((m) => now.get(m.mac) === 40)
        ? true
        : undefined;
    }, 10_000);
    const why = (await s.call('GET', `/api/v2/lighting/lamps/${first!._id}`)).body.result;
    expect(why).toMatchObject({ source: 'own', profile: { name: 'Bright' }, politic: null });
    const other = (await s.call('GET', `/api/v2/lighting/lamps/${modules[1]!._id}`)).body.result;
    expect(other).toMatchObject({ source: 'politic', profile: { name: 'Quiet night' } });
  });

  it('burns a lamp within its power levels: the program a driver of 50–100 % or of 0–30 % gets, and what it shows', async () => {
    // the politic's 40 % is below the lowest level of one lamp's driver and above the highest of another's
    const [low, high] = [modules[3]!, modules[4]!];
    const lampOf = async (moduleId: number) =>
      (await s.call('GET', `/api/v1/Luminaries?controlModule=${moduleId}`)).body.data[0] as { _id: number };
    const range = async (moduleId: number, body: object) =>
      expect((await s.call('PATCH', `/api/v1/Luminaries/${(await lampOf(moduleId))._id}`, body)).status).toBe(
        200,
      );
    await range(low._id, { minPowerLevel: 50 });
    await range(high._id, { maxPowerLevel: 30 });
    await until(async () => {
      const now = await levels();
      return now.get(low.mac) === 50 && now.get(high.mac) === 30 && now.get(modules[5]!.mac) === 40
        ? true
        : undefined;
    }, 10_000);
    const peak = async (moduleId: number) =>
      Math.max(
        ...(await s.call('GET', `/api/v2/lighting/lamps/${moduleId}`)).body.result.points.map(
          (p: { level: number }) => p.level,
        ),
      );
    expect([await peak(low._id), await peak(high._id)]).toEqual([50, 30]);
    await range(low._id, { minPowerLevel: null });
    await range(high._id, { maxPowerLevel: null });
    await until(async () => {
      const now = await levels();
      return now.get(low.mac) === 40 && now.get(high.mac) === 40 ? true : undefined;
    }, 10_000);
  });

  it('gives a lamp its socket’s group control profile, read from its mounting', async () => {
    const lamp = modules[2]!;
    const gc = (await s.call('POST', '/api/v1/GroupControl', { name: 'Main street', id: 7 })).body;
    await s.call('POST', '/api/v1/Profiles', {
      name: 'Main street night',
      kind: 'onOff',
      settings: { pwm0: 70 },
      groupControl: gc._id,
    });
    type Socket = { luminaryModule?: number };
    const supports = (await s.call('GET', '/api/v1/LuminarySupports?limit=1000')).body.data as {
      _id: number;
      sockets: Socket[];
    }[];
    const pole = supports.find((p) => p.sockets.some((x) => x.luminaryModule === lamp._id))!;
    const sockets = pole.sockets.map((x) =>
      x.luminaryModule === lamp._id ? { ...x, groupControl: gc._id } : x,
    );
    expect((await s.call('PATCH', `/api/v1/LuminarySupports/${pole._id}`, { sockets })).status).toBe(200);
    const why = (await s.call('GET', `/api/v2/lighting/lamps/${lamp._id}`)).body.result;
    expect(why).toMatchObject({ source: 'groupControl', profile: { name: 'Main street night' } });
    await until(async () => ((await levels()).get(lamp.mac) === 70 ? true : undefined), 10_000);
  });

  it('gives a lamp naming a group control itself (its socket names none) that group’s profile and dim', async () => {
    const lamp = modules[4]!;
    const gc = (await s.call('POST', '/api/v1/GroupControl', { name: 'Side street', id: 8 })).body;
    await s.call('POST', '/api/v1/Profiles', {
      name: 'Side street night',
      kind: 'onOff',
      settings: { pwm0: 60 },
      groupControl: gc._id,
    });
    const [luminaire] = (await s.call('GET', `/api/v1/Luminaries?controlModule=${lamp._id}`)).body.data;
    expect(
      (await s.call('PATCH', `/api/v1/Luminaries/${luminaire._id}`, { profileGroup: gc._id })).status,
    ).toBe(200);
    const why = (await s.call('GET', `/api/v2/lighting/lamps/${lamp._id}`)).body.result;
    expect(why).toMatchObject({ source: 'groupControl', profile: { name: 'Side street night' } });
    await until(async () => ((await levels()).get(lamp.mac) === 60 ? true : undefined), 10_000);

    const dim = await s.call('GET', `/api/v1/control/lighting?by=group&group=${gc._id}&raw=35`);
    expect(dim.body.counts).toMatchObject({ modules: 1, withoutController: 0, controllers: 1 });
    await until(async () => ((await levels()).get(lamp.mac) === 35 ? true : undefined), 10_000);
    expect((await levels()).get(modules[2]!.mac)).toBe(70);
  });

  it('takes the weekend from the country of the group’s time zone, as the calendar screen shows it', async () => {
    const lamp = modules[3]!;
    const dayType = async (date: string) =>
      (await s.call('GET', `/api/v2/lighting/lamps/${lamp._id}?date=${date}`)).body.result.dayType;
    // a Friday and a Sunday
    expect([await dayType('2026-11-27'), await dayType('2026-11-29')]).toEqual(['workday', 'weekend']);
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await s.call('PATCH', `/api/v1/Groups/${demo._id}`, { timezone: 'Asia/Riyadh' });
    try {
      expect([await dayType('2026-11-27'), await dayType('2026-11-29')]).toEqual(['weekend', 'workday']);
    } finally {
      await s.call('PATCH', `/api/v1/Groups/${demo._id}`, { timezone: demo.timezone ?? null });
    }
  });

  it('answers a lamp it cannot see, or a date that is not one, with the catalogue’s errors', async () => {
    expect((await s.call('GET', '/api/v2/lighting/lamps/999999')).status).toBe(404);
    const bad = await s.call('GET', `/api/v2/lighting/lamps/${modules[0]!._id}?date=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: true, code: 'IsInvalidError' });
  });
});
