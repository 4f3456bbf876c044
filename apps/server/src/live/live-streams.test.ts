import http, { type ServerResponse } from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import { accessPlugin } from '../plugins/access.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { LiveHub } from './live-hub.ts';
import { LiveStreams, type Reader } from './live-streams.ts';

// The live streams over real sockets: what each reader's rights show, device floods gathered per device, a reader
// that does not read ended, and what many idle streams cost.

const COALESCE_MS = 100;
const MAX_BUFFER = 64 * 1024;

/** Callers by the `x-who` header: `group:area,area` (no group: every group; `*`: every area). */
function callerOf(who: string): Caller {
  const [group, areas = '*'] = who.split(':');
  const shown = new Set(areas.split(','));
  return {
    groupId: group ? Number(group) : undefined,
    allows: (area: Area, flag) => flag === 'view' && (shown.has('*') || shown.has(area)),
  };
}

let app: FastifyInstance;
let hub: LiveHub;
let streams: LiveStreams;
let port: number;

beforeAll(async () => {
  hub = await LiveHub.start(undefined);
  app = Fastify();
  await app.register(accessPlugin, {
    policy: async (req) => callerOf(String(req.headers['x-who'] ?? '')),
  });
  streams = registerLiveRoutes(app, hub, {
    coalesceMs: COALESCE_MS,
    maxBufferBytes: MAX_BUFFER,
    heartbeatMs: 60_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await hub.close();
});

type Event = { event: string; data: unknown };

/** Every stream a test opened, closed after it whether it passed or not, so one failure does not fail the next. */
const opened: Array<() => void> = [];

/** A stream read as it comes, through an HTTP client on a socket of its own. */
async function reader(who: string) {
  const events: Event[] = [];
  const req = http.get({
    port,
    host: '127.0.0.1',
    path: '/api/v2/live',
    agent: false,
    headers: { 'x-who': who },
  });
  const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
  expect(res.statusCode).toBe(200);
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    let cut: number;
    while ((cut = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  });
  const stop = () => req.destroy();
  opened.push(stop);
  return { events, stop };
}

/** A stream asked for on a plain socket; resolves once the server has answered its head. */
function connect(who: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /api/v2/live HTTP/1.1\r\nhost: localhost\r\nx-who: ${who}\r\n\r\n`);
    });
    socket.once('error', reject);
    socket.once('data', (first) => {
      socket.pause();
      opened.push(() => socket.destroy());
      expect(String(first)).toMatch(/^HTTP\/1.1 200/);
      resolve(socket);
    });
  });
}

const until = async (probe: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const settled = () => new Promise((r) => setTimeout(r, 3 * COALESCE_MS));

describe('live streams', () => {
  afterEach(async () => {
    for (const close of opened.splice(0)) close();
    await until(() => streams.size === 0, 15_000);
  });

  it('sends each event only to readers of its group whose rights show it', async () => {
    const all = await reader('7:*');
    const noControl = await reader('7:LuminaryModules,Controllers');
    const noModules = await reader('7:control,Controllers');
    const admin = await reader(':*');
    const elsewhere = await reader('8:*');
    await until(() => streams.size >= 5);
    await hub.publish({ type: 'command', groupId: 7, data: { commandId: 1, devices: [] } });
    await hub.publish({ type: 'modules', groupId: 7, data: [{ _id: 1, pwm: 50 }] });
    await hub.publish({ type: 'controllers', groupId: 7, data: [{ _id: 2, cl_status: 1 }] });
    hub.deliverLocal({
      type: 'map',
      groupId: 7,
      data: [
        { layer: 'LuminaryModules', _id: 1, status: 3 },
        { layer: 'Controllers', _id: 2, status: 1 },
      ],
    });
    await settled();
    const kinds = (r: { events: Event[] }) => r.events.map((e) => e.event).sort();
    expect(kinds(all)).toEqual(['command', 'controllers', 'map', 'map', 'modules']);
    expect(kinds(admin)).toEqual(kinds(all));
    expect(kinds(noControl)).toEqual(['controllers', 'map', 'map', 'modules']);
    expect(kinds(noModules)).toEqual(['command', 'controllers', 'map']);
    // the map change of a module is not shown to a reader who may not see modules
    expect(noModules.events.find((e) => e.event === 'map')!.data).toEqual([
      { layer: 'Controllers', _id: 2, status: 1 },
    ]);
    expect(elsewhere.events).toEqual([]);
    for (const r of [all, noControl, noModules, admin, elsewhere]) r.stop();
  });

  it('names a written entity to every reader whose rights show its area, whatever their group', async () => {
    const profiles = await reader('7:Profiles');
    const other = await reader('8:Profiles');
    const blind = await reader('7:LuminaryModules');
    await hub.publish({ type: 'entities', data: ['Profiles', 'NoSuchEntity'] });
    await until(() => other.events.length > 0);
    await settled();
    expect(profiles.events).toEqual([{ event: 'entities', data: ['Profiles'] }]);
    expect(other.events).toEqual(profiles.events);
    expect(blind.events).toEqual([]);
    for (const r of [profiles, other, blind]) r.stop();
  });

  it('names a meter whose registers were written to the readers of its group who may see meters', async () => {
    const meters = await reader('7:Meters');
    const blind = await reader('7:LuminaryModules');
    const elsewhere = await reader('8:Meters');
    await until(() => streams.size === 3);
    await hub.publish({
      type: 'meters',
      groupId: 7,
      data: [{ _id: 3, lastReceivedAt: '2026-11-29T01:00:00Z' }],
    });
    await until(() => meters.events.length > 0);
    await settled();
    expect(meters.events).toEqual([
      { event: 'meters', data: [{ _id: 3, lastReceivedAt: '2026-11-29T01:00:00Z' }] },
    ]);
    expect(blind.events).toEqual([]);
    expect(elsewhere.events).toEqual([]);
  });

  it('sends a flood of changes to one device within an interval as one, its latest', async () => {
    const r = await reader('7:*');
    await until(() => streams.size === 1);
    for (let pwm = 0; pwm <= 100; pwm++)
      await hub.publish({
        type: 'modules',
        groupId: 7,
        data: [
          { _id: 5, pwm },
          { _id: 6, pwm: 1 },
        ],
      });
    // under load the interval's timer may fire late: wait for its send, then for anything that might follow it
    await until(() => r.events.length > 0);
    await settled();
    expect(r.events).toEqual([
      {
        event: 'modules',
        data: [
          { _id: 5, pwm: 100 },
          { _id: 6, pwm: 1 },
        ],
      },
    ]);
    // the next interval carries the next change
    await hub.publish({ type: 'modules', groupId: 7, data: [{ _id: 5, pwm: 7 }] });
    await until(() => r.events.length === 2);
    expect(r.events[1]).toEqual({ event: 'modules', data: [{ _id: 5, pwm: 7 }] });
    r.stop();
  });

  it('ends a stream that is not read once its unsent output passes the bound, and keeps the readers', async () => {
    const stuck = await connect('7:*');
    const reading = await reader('7:*');
    await until(() => streams.size === 2);
    const dropped = streams.dropped;
    // distinct devices, so nothing is gathered away: about 160 kB a send, until the kernel's buffers are full too
    let id = 0;
    const started = Date.now();
    while (streams.size === 2 && Date.now() - started < 60_000) {
      const data = Array.from({ length: 2000 }, () => ({
        _id: ++id,
        pwm: 50,
        mac: '02:4D:EE:00:00:00:00:01',
      }));
      await hub.publish({ type: 'modules', groupId: 7, data });
      await new Promise((r) => setTimeout(r, COALESCE_MS + 5));
    }
    expect(streams.size).toBe(1);
    expect(streams.dropped).toBe(dropped + 1);
    // the reader that reads had every change
    await until(() => reading.events.reduce((n, e) => n + (e.data as unknown[]).length, 0) === id);
    stuck.destroy();
    reading.stop();
  }, 90_000);

  it('holds 300 idle streams in well under 100 MB', async () => {
    await until(() => streams.size === 0);
    globalThis.gc?.();
    const before = process.memoryUsage();
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 300; i++) sockets.push(await connect(`${i % 10}:*`));
    await until(() => streams.size === 300);
    // a heartbeat's worth of traffic, to every one of them
    await hub.publish({ type: 'command', groupId: 1, data: { commandId: 1 } });
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc?.();
    const after = process.memoryUsage();
    const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    console.log(
      `300 idle streams: rss +${mb(after.rss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB`,
    );
    expect(after.rss - before.rss).toBeLessThan(100 * 2 ** 20);
    for (const s of sockets) s.destroy();
    await until(() => streams.size === 0);
  }, 60_000);
});

/** A response that keeps what is written to it, for LiveStreams driven without a socket. */
function response() {
  return {
    text: '',
    ended: false,
    writableLength: 0,
    writeHead: () => undefined,
    write(t: string) {
      this.text += t;
      return true;
    },
    end(t?: string) {
      if (t) this.text += t;
      this.ended = true;
    },
    on: () => undefined,
    destroy: () => undefined,
  };
}

describe('live streams that follow their session', () => {
  it('takes the rights a check gives, asks again after a change that came while a check was out, and ends with the session', async () => {
    const own = new LiveStreams(hub, {
      coalesceMs: 10,
      maxBufferBytes: MAX_BUFFER,
      heartbeatMs: 60_000,
      recheckMs: 60_000,
    });
    try {
      const res = response();
      const asked: ((r: Reader | undefined) => void)[] = [];
      const check = () => new Promise<Reader | undefined>((resolve) => asked.push(resolve));
      const sees = (areas: string[]) => ({ groupId: 7, sees: (a: Area) => areas.includes(a) });
      own.open(res as unknown as ServerResponse, sees(['control']), { session: 's1', userId: 1, check });
      const command = async (commandId: number) => {
        await hub.publish({ type: 'command', groupId: 7, data: { commandId } });
        await new Promise((r) => setTimeout(r, 20));
      };
      await command(1);
      expect(res.text).toContain('"commandId":1');

      own.userChanged(2); // another user's change asks nothing
      expect(asked).toHaveLength(0);
      own.userChanged(1);
      expect(asked).toHaveLength(1);
      own.userChanged(1); // while the first answer is out: asked again once it is in
      expect(asked).toHaveLength(1);
      asked[0]!(sees(['control']));
      await new Promise((r) => setTimeout(r, 0));
      expect(asked).toHaveLength(2);
      // the second answer takes control away: command progress no longer reaches the stream, which stays open
      asked[1]!(sees(['Controllers']));
      await new Promise((r) => setTimeout(r, 0));
      await command(2);
      expect(res.text).not.toContain('"commandId":2');
      expect(res.ended).toBe(false);

      own.userChanged(undefined); // a role's rights: everyone's streams are asked
      expect(asked).toHaveLength(3);
      asked[2]!(undefined); // the session has ended
      await new Promise((r) => setTimeout(r, 0));
      expect(res.ended).toBe(true);
      expect(res.text).toMatch(/event: ended\ndata: \{"reason":"session"\}\n\n$/);
      expect(own.size).toBe(0);
      expect(own.signedOut).toBe(1);
    } finally {
      own.close();
    }
  });
});
