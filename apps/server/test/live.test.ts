import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { fieldForSuite, until } from './field-setup.ts';
import { LISTENER_NAME } from '../src/live/live-hub.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { listen, type Event } from './live-listener.ts';

// The live stream: device changes and command progress reach signed-in consoles of the right group whose rights
// show them; on PostgreSQL a command sent through one server process is seen through another.

const PASSWORD = 'Lamps-2026';
let s: TestServer;
let sim: SimulatorHandle;
fieldForSuite(1, (field) => ({ s, sim } = field));

describe(`live stream on ${backend}`, () => {
  it('pushes command progress and the lamp changes that follow, to the right group only', async () => {
    const admin = await listen(s, s);
    const demo = await listen(s, await s.demo());
    const away = await listen(s, await s.adminOfNewGroup('Elsewhere'));
    const mac = sim.city.cabinets[0]!.modules[0]!.mac;
    const res = await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=23`);
    expect(res.body.code).toBe(0);
    await until(() =>
      admin.events.some(
        (e) =>
          e.event === 'command' &&
          (e.data as { devices: { state: string }[] }).devices[0]?.state === 'acknowledged',
      ),
    );
    const dimmed = (e: Event) =>
      e.event === 'modules' &&
      (e.data as { mac: string; pwm: number }[]).some((m) => m.mac === mac && m.pwm === 23);
    await until(() => admin.events.some(dimmed) && demo.events.some(dimmed));
    expect(away.events.filter(dimmed)).toEqual([]);
    for (const l of [admin, demo, away]) l.stop();
  });

  it('sends command progress only to users who see control, and device changes only to those who see the devices', async () => {
    const group = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0]._id;
    const devices = { LuminaryModules: { view: true }, Controllers: { view: true } };
    const role = async (name: string, accessRights: object) =>
      (await s.call('POST', '/api/v1/Roles', { name: `Live: ${name}`, accessRights })).body._id as number;
    const user = async (login: string, role: number, type = 'NORMAL') => {
      const made = await s.call('POST', '/api/v1/Users', {
        login,
        password: PASSWORD,
        group,
        role,
        type,
        email: `${login}@example.org`,
      });
      expect(made.status).toBe(201);
      return s.signIn(login, PASSWORD);
    };
    const everything = await role('everything', { control: { view: true }, ...devices });
    const operator = await user('live-operator', everything, 'GROUPADMIN');
    const allowed = await listen(s, await user('live-allowed', everything));
    const noControl = await listen(s, await user('live-no-control', await role('no control', devices)));
    const noDevices = await listen(
      s,
      await user('live-no-devices', await role('no devices', { control: { view: true } })),
    );
    const mac = sim.city.cabinets[0]!.modules[3]!.mac;
    const res = await operator.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=44`);
    expect(res.body.code).toBe(0);
    const acknowledged = (e: Event) =>
      e.event === 'command' &&
      (e.data as { devices: { state: string }[] }).devices[0]?.state === 'acknowledged';
    const dimmed = (e: Event) =>
      e.event === 'modules' &&
      (e.data as { mac: string; pwm: number }[]).some((m) => m.mac === mac && m.pwm === 44);
    await until(() => allowed.events.some(acknowledged) && allowed.events.some(dimmed));
    await until(() => noControl.events.some(dimmed) && noDevices.events.some(acknowledged));
    // what either would have had arrives by now
    await new Promise((r) => setTimeout(r, 1000));
    expect(noControl.events.filter((e) => e.event === 'command')).toEqual([]);
    const deviceEvents = noDevices.events.filter(
      (e) =>
        e.event === 'modules' ||
        e.event === 'controllers' ||
        (e.event === 'map' && (e.data as { layer: string }[]).some((c) => c.layer !== 'Cabinets')),
    );
    expect(deviceEvents).toEqual([]);
    for (const l of [allowed, noControl, noDevices]) l.stop();
  });

  it('refuses a stream without a session', async () => {
    const res = await fetch(`${s.url}/api/v2/live`);
    expect(res.status).toBe(401);
  });
});

describe.runIf(backend === 'postgres')('live stream between two server processes', () => {
  it('shows through one server a command sent through another', async () => {
    const second = await startServer({}, { databaseUrl: s.databaseUrl });
    try {
      const watching = await listen(second, second);
      const mac = sim.city.cabinets[0]!.modules[1]!.mac;
      expect((await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=61`)).body.code).toBe(0);
      await until(() => watching.events.some((e) => e.event === 'command'));
      watching.stop();
    } finally {
      await second.close();
    }
  });

  it('listens again after the database ends its listening connections', async () => {
    const second = await startServer({}, { databaseUrl: s.databaseUrl });
    const db = new pg.Client({ connectionString: s.databaseUrl });
    await db.connect();
    const listening = async () =>
      (
        await db.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
          [LISTENER_NAME],
        )
      ).rows.map((r) => r.pid);
    try {
      const watching = await listen(second, second);
      const before = await until(async () => ((await listening()).length === 2 ? listening() : undefined));
      await db.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
      // both servers listen again, on connections of their own
      await until(async () => {
        const now = await listening();
        return now.length === 2 && !now.some((pid) => before.includes(pid));
      }, 15_000);
      const mac = sim.city.cabinets[0]!.modules[2]!.mac;
      expect((await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=37`)).body.code).toBe(0);
      await until(() => watching.events.some((e) => e.event === 'command'));
      watching.stop();
    } finally {
      await db.end();
      await second.close();
    }
  });
});
