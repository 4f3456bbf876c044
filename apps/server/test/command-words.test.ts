import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '@sl/simulator';
import { seededField, until } from './field-setup.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The commands archive in the operator's words (issue 28 §4): a dim names what it dimmed and, at each controller,
// the controller and the message its answer means; a program sent because a user changed a profile names that
// user and the profile.

let s: TestServer;
let sim: SimulatorHandle;
let planner: Client;

type Device = {
  controllerMac: string;
  state: string;
  code: number | null;
  name: string | null;
  message: string;
};
type Command = {
  id: number;
  type: string;
  login: string | null;
  payload: Record<string, unknown>;
  targetName: string | null;
  because?: { entity: string; id: number; name: string | null };
  devices: Device[];
};
const archive = async () => {
  const res = await s.call('GET', '/api/v2/commands?limit=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as Command[];
};

beforeAll(async () => {
  s = await startServer({}, { programs: { settleMs: 200 } });
  sim = await seededField(s, 1);
  const made = await s.call('POST', '/api/v1/Users', {
    login: 'planner',
    password: 'Lamps-2026',
    type: 'ADMIN',
    role: await s.plainRole(),
    email: 'planner@example.org',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  planner = await s.signIn('planner', 'Lamps-2026');
  // the controller's first table, sent when it came online, is acknowledged before anyone changes a profile: else
  // the change could reach it in that first table, which no user's change caused
  await until(async () => {
    const first = (await archive()).find((c) => c.type === 'program');
    return first?.devices.every((d) => d.state === 'acknowledged');
  }, 30_000);
});
afterAll(async () => {
  await sim?.stop({ clearRetained: true });
  await s?.close();
});

describe(`the commands archive in words on ${backend}`, () => {
  it('names the user whose profile change a program follows, and the profile', async () => {
    const made = await s.call('POST', '/api/v1/Profiles', {
      name: 'Planner night',
      kind: 'onOff',
      settings: { pwm0: 45 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const profile = made.body;
    const politic = await s.call('POST', '/api/v1/Politics', {
      name: 'Planner politic',
      profile: profile._id,
    });
    expect(politic.status, JSON.stringify(politic.body)).toBe(201);
    await until(
      async () => (await archive()).find((c) => c.type === 'program' && c.login === 'admin'),
      15_000,
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify((await archive()).slice(0, 5))}`);
    });

    const changed = await planner.call('PATCH', `/api/v1/Profiles/${profile._id}`, {
      settings: { pwm0: 55 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const sent = await until(async () => {
      const found = (await archive()).find((c) => c.type === 'program' && c.login === 'planner');
      return found?.devices.every((d) => d.state === 'acknowledged') ? found : undefined;
    }, 15_000).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify((await archive()).slice(0, 5))}`);
    });
    expect(sent.because).toEqual({ entity: 'Profiles', id: profile._id, name: 'Planner night' });
    const [controller] = (await s.call('GET', `/api/v1/Controllers?mac=${sim.controllers[0]!.mac}`)).body
      .data;
    expect(sent.devices[0]).toMatchObject({ name: controller.uid, message: '' });
  });

  it('tells a dim’s level, what it dimmed, and each controller’s answer with its message', async () => {
    const controller = (await s.call('GET', '/api/v1/Controllers?limit=1')).body.data[0];
    await s.call('PATCH', `/api/v1/Controllers/${controller._id}`, { uid: 'Main Street cabinet' });
    const module = (await s.call('GET', `/api/v1/LuminaryModules?controller=${controller._id}&limit=1`)).body
      .data[0];
    const ok = await planner.call('GET', `/api/v1/control/lighting?by=id&id=${module._id}&raw=35`);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(0);

    const silent = (
      await s.call('POST', '/api/v1/Controllers', { mac: '0243ABCD0009', uid: 'Silent cabinet' })
    ).body;
    await s.call('POST', '/api/v1/LuminaryModules', { mac: '024DABCD00000009', controller: silent._id });
    const failed = await planner.call(
      'GET',
      `/api/v1/control/lighting?by=controller&id=${silent._id}&raw=20`,
    );
    expect(failed.body.code).toBe(1);

    const all = await archive();
    const dim = all.find((c) => c.id === ok.body.commandId)!;
    expect(dim).toMatchObject({ login: 'planner', payload: { pwm: 35 }, targetName: module.mac });
    expect(dim.devices).toEqual([
      expect.objectContaining({ name: 'Main Street cabinet', state: 'acknowledged', message: '' }),
    ]);
    const none = all.find((c) => c.id === failed.body.commandId)!;
    expect(none).toMatchObject({ payload: { pwm: 20 }, targetName: 'Silent cabinet' });
    expect(none.devices).toEqual([
      expect.objectContaining({
        name: 'Silent cabinet',
        state: 'timed_out',
        code: 1,
        message: 'Error timeout',
      }),
    ]);
    const ru = await s.call('GET', `/api/v2/commands/${failed.body.commandId}`, undefined, {
      'accept-language': 'ru',
    });
    expect(ru.body.result.devices[0].message).toBe('Превышено время ожидания');
  });
  it('names the user whose change a controller missed while offline, in the table it gets on its return', async () => {
    const { city } = sim;
    const mac = sim.controllers[0]!.mac;
    await sim.stop();
    const profile = (await s.call('GET', '/api/v1/Profiles?name=Planner night')).body.data[0];
    const before = Math.max(...(await archive()).map((c) => c.id));
    const changed = await planner.call('PATCH', `/api/v1/Profiles/${profile._id}`, {
      settings: { pwm0: 65 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // the table goes out in the planner's name and is not acknowledged: nobody is there
    const missed = await until(async () => {
      const found = (await archive()).find((c) => c.type === 'program' && c.id > before);
      return found && found.devices.every((d) => d.state !== 'sent' && d.state !== 'queued')
        ? found
        : undefined;
    }, 20_000);
    expect(missed.login).toBe('planner');
    expect(missed.devices[0]!.state).not.toBe('acknowledged');

    sim = await startSimulator({
      broker: s.brokerUrl,
      city,
      intervalMs: 300,
      faults: false,
      secrets: await s.commission([mac]),
    });
    // the table it gets on its return still follows the planner's change: before, it went in the system's name
    const delivered = await until(async () => {
      const found = (await archive()).find((c) => c.type === 'program' && c.id > missed.id);
      return found?.devices.every((d) => d.state === 'acknowledged') ? found : undefined;
    }, 30_000).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify((await archive()).slice(0, 3))}`);
    });
    expect(delivered).toMatchObject({
      login: 'planner',
      because: { entity: 'Profiles', id: profile._id, name: 'Planner night' },
    });
  }, 90_000);
});
