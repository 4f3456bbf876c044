import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './field-setup.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';
import { listen, type Event } from './live-listener.ts';

// An open live stream follows its session: a change of the user's rights reaches it within a few seconds, and a
// session that ends (a new role, a password reset, the user deleted, sign-out) ends it, through this server or
// (on PostgreSQL) through another server process on the same database.

const PASSWORD = 'Lamps-2026';
/** how long a change may take to reach a stream of this process (it is asked again at once) and of another (a round) */
const WITHIN_MS = 4000;

let s: TestServer;
let group: number;
let controller: number;
let sender: Client;
let seeing: number;
let blind: number;
let sender$: Awaited<ReturnType<typeof listen>>;

const commandIds = (events: Event[]) =>
  events.filter((e) => e.event === 'command').map((e) => (e.data as { commandId: number }).commandId);
const ended = (l: { events: Event[] }) => l.events.some((e) => e.event === 'ended');

/** A command to the group's controller (no one answers it); resolves with its id once the sender's stream shows it. */
async function command(): Promise<number> {
  const before = new Set(commandIds(sender$.events));
  const res = await sender.call('POST', '/api/v2/controllers/command', {
    _id: controller,
    command: { relay: 1 },
  });
  expect(res.body.code).toBe('TimeOut');
  return until(() => commandIds(sender$.events).find((id) => !before.has(id)));
}

/** A user of the group with the role, signed in. */
async function user(login: string, role: number, server: TestServer = s) {
  const made = await s.call('POST', '/api/v1/Users', {
    login,
    password: PASSWORD,
    group,
    role,
    type: 'NORMAL',
    email: `${login}@example.org`,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body._id as number, client: await server.signIn(login, PASSWORD) };
}

const role = async (name: string, accessRights: object) => {
  const made = await s.call('POST', '/api/v1/Roles', { name, accessRights });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body._id as number;
};

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 300 });
  group = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0]._id;
  controller = (await s.call('POST', '/api/v1/Controllers', { mac: '0243CC000001', group })).body._id;
  const operator = await s.call('POST', '/api/v1/Users', {
    login: 'live-rights-operator',
    password: PASSWORD,
    group,
    type: 'GROUPADMIN',
    role: await s.plainRole(),
    email: 'operator@example.org',
  });
  expect(operator.status).toBe(201);
  sender = await s.signIn('live-rights-operator', PASSWORD);
  sender$ = await listen(s, sender);
  seeing = await role('Live rights: control', { control: { view: true }, Controllers: { view: true } });
  blind = await role('Live rights: devices only', { Controllers: { view: true } });
});
afterAll(async () => {
  sender$?.stop();
  await s?.close();
});

describe(`a live stream follows its session on ${backend}`, () => {
  it('stops sending what a role no longer allows once the role’s rights are edited, and keeps the stream', async () => {
    const edited = await role('Live rights: to be narrowed', { control: { view: true } });
    const u = await user('live-rights-narrowed', edited);
    const stream = await listen(s, u.client);
    const first = await command();
    await until(() => commandIds(stream.events).includes(first));
    const patched = await s.call('PATCH', `/api/v1/Roles/${edited}`, {
      accessRights: { Controllers: { view: true } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await new Promise((r) => setTimeout(r, WITHIN_MS));
    const later = await command();
    await new Promise((r) => setTimeout(r, 500));
    expect(commandIds(stream.events)).not.toContain(later);
    // the session itself goes on: its stream is not ended, and the rights given back show again
    expect(ended(stream)).toBe(false);
    await s.call('PATCH', `/api/v1/Roles/${edited}`, { accessRights: { control: { view: true } } });
    await new Promise((r) => setTimeout(r, WITHIN_MS));
    const again = await command();
    await until(() => commandIds(stream.events).includes(again));
    stream.stop();
  });

  const endings: [string, (u: { id: number; client: Client }) => Promise<{ status: number }>][] = [
    ['a new role', (u) => s.call('PATCH', `/api/v1/Users/${u.id}`, { role: blind })],
    ['a password reset', (u) => s.call('PATCH', `/api/v1/Users/${u.id}`, { password: 'Street-light-2027' })],
    ['the user deleted', (u) => s.call('DELETE', `/api/v1/Users/${u.id}`)],
    ['the user locked', (u) => s.call('PATCH', `/api/v1/Users/${u.id}`, { isLocked: true })],
    ['sign-out', (u) => u.client.call('POST', '/auth/sign-out')],
  ];
  for (const [change, make] of endings)
    it(`ends the stream at ${change}, and sends it nothing more`, async () => {
      const u = await user(`live-rights-${change.replace(/\W+/g, '-')}`, seeing);
      const stream = await listen(s, u.client);
      const first = await command();
      await until(() => commandIds(stream.events).includes(first));
      const started = Date.now();
      const res = await make(u);
      expect(res.status).toBe(200);
      await until(() => ended(stream), WITHIN_MS);
      console.log(`stream ended ${Date.now() - started} ms after ${change}`);
      const later = await command();
      await new Promise((r) => setTimeout(r, 500));
      expect(commandIds(stream.events)).not.toContain(later);
      // the operator's own stream, whose session did not change, goes on
      expect(commandIds(sender$.events)).toContain(later);
      stream.stop();
    });

  it.runIf(backend === 'postgres')(
    'ends a stream of another server process when the user’s role is changed through this one',
    async () => {
      const second = await startServer({}, { databaseUrl: s.databaseUrl });
      try {
        const u = await user('live-rights-elsewhere', seeing, second);
        const stream = await listen(second, u.client);
        const first = await command();
        await until(() => commandIds(stream.events).includes(first));
        const started = Date.now();
        expect((await s.call('PATCH', `/api/v1/Users/${u.id}`, { role: blind })).status).toBe(200);
        await until(() => ended(stream), WITHIN_MS);
        console.log(`stream of another process ended ${Date.now() - started} ms after a new role`);
        stream.stop();
      } finally {
        await second.close();
      }
    },
  );
});
