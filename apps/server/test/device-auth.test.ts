import net from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleModuleReading } from '@sl/protocol/testing';
import { MAX_MESSAGE_BYTES } from '@sl/protocol';
import { until } from './field-setup.ts';
import { A_POWER, B_POWER, meterPower, meterReadingOf, meterReadingsAt, metersOf } from './meters.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// The embedded broker lets in only commissioned controllers, each to its own topics (DESIGN.md §5), and the
// server believes a module's reading only from the module's own controller.

let s: TestServer;
const A = { mac: '0243AA000001', module: '024DAA0000000001', id: 0, secret: '' };
const B = { mac: '0243AA000002', module: '024DAA0000000002', id: 0, secret: '' };
const clients: MqttClient[] = [];

const connect = async (opts: IClientOptions) => {
  const c = await mqtt.connectAsync(s.brokerUrl, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  clients.push(c);
  return c;
};
const as = (who: typeof A, opts: IClientOptions = {}) =>
  connect({ clientId: who.mac, username: who.mac, password: who.secret, ...opts });
/** the CONNACK return code a refused connection got */
const refusal = (opts: IClientOptions) =>
  connect(opts).then(
    () => 'connected',
    (err: { code?: number }) => err.code,
  );
/** A controller's state message, valid by the protocol. */
const stateOf = (iostate: number) =>
  JSON.stringify({
    online: true,
    iostate,
    cputemp: 40,
    version: '1.0',
    network: 'lte',
    readingMeter: false,
    at: new Date().toISOString(),
  });
/** Resolves when the broker has ended the client's connection. */
const closing = (c: MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));
/** The QoS the broker granted a subscription: 128 is a refusal. */
const grantedQos = (c: MqttClient, filter: string) =>
  c.subscribeAsync(filter, { qos: 1 }).then(
    (g) => g[0]!.qos,
    (err: { packet?: { granted?: (number | object)[] } }) => err.packet?.granted?.[0],
  );
const health = async () => (await s.call('GET', '/health')).body.field;
const controllerRow = async (id: number) => (await s.call('GET', `/api/v1/Controllers/${id}`)).body;

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 1500 });
  for (const who of [A, B]) {
    who.id = (await s.call('POST', '/api/v1/Controllers', { mac: who.mac })).body._id;
    await s.call('POST', '/api/v1/LuminaryModules', { mac: who.module, controller: who.id });
    const res = await s.call('POST', `/api/v2/controllers/${who.id}/secret`);
    expect(res.status).toBe(200);
    who.secret = res.body.result.secret;
  }
});
// every test's connections end with it, so none holds a client id into the next
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 50));
});
afterAll(() => s?.close());

describe(`device credentials on ${backend}`, () => {
  it('shows a secret once, keeps only its hash, and never tells either in an API answer or export', async () => {
    const [row] = await s.sql<{ hash: string }>('select hash from device_secrets where controller_id = $1', [
      A.id,
    ]);
    expect(row!.hash).toMatch(/^\$7\$101\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(row!.hash).not.toContain(A.secret);
    expect(A.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answers = [
      await s.call('GET', `/api/v1/Controllers/${A.id}`),
      await s.call('GET', '/api/v1/Controllers'),
      await s.call('GET', '/api/v2/controllers/search'),
      await s.call('GET', `/api/v2/Controllers/export`),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      const text = JSON.stringify(a.body);
      expect(text).not.toContain(A.secret);
      expect(text).not.toContain(row!.hash.slice(8, 30));
      expect(text).not.toMatch(/\$7\$|secret|hash/i);
    }
  });

  it('rotates a secret only for who may edit the controller, with the CSRF token; the old one stops working', async () => {
    const viewer = await s.demo();
    expect((await viewer.call('POST', `/api/v2/controllers/${A.id}/secret`)).status).toBe(403);
    const noCsrf = await s.raw('POST', `/api/v2/controllers/${A.id}/secret`, undefined, {
      'x-csrf-token': '',
    });
    expect(noCsrf.status).toBe(403);
    const other = await s.adminOfNewGroup('Elsewhere');
    expect((await other.call('POST', `/api/v2/controllers/${A.id}/secret`)).body.code).toBe('NotFoundError');

    const old = await as(A);
    const closed = closing(old);
    const res = await s.call('POST', `/api/v2/controllers/${A.id}/secret`);
    expect(res.body.result).toEqual({ _id: A.id, username: A.mac, secret: expect.any(String) });
    expect(res.body.result.secret).not.toBe(A.secret);
    await closed; // the connection made with the old secret is ended
    expect(await refusal({ clientId: A.mac, username: A.mac, password: A.secret })).toBe(4);
    A.secret = res.body.result.secret;
    await (await as(A)).endAsync();
  });

  it("names the secret and the broker user name in the create answers' schemas, and only in Controllers'", async () => {
    const doc = (await s.call('GET', '/api/docs/json')).body;
    const created = (path: string) =>
      doc.paths[path].post.responses['201'].content['application/json'].schema;
    expect(Object.keys(created('/api/v1/Controllers').properties)).toEqual(
      expect.arrayContaining(['mac', 'secret', 'username']),
    );
    expect(Object.keys(created('/api/v2/Controllers').properties.result.properties)).toEqual(
      expect.arrayContaining(['mac', 'secret', 'username']),
    );
    expect(created('/api/v1/Cabinets').properties).not.toHaveProperty('secret');
  });

  it('commissions a controller as it is created: the create answer shows its secret, once, and it lets it in', async () => {
    const v1 = await s.call('POST', '/api/v1/Controllers', { mac: '02:43:aa:00:00:c1' });
    expect(v1.status).toBe(201);
    expect(v1.body).toMatchObject({
      mac: '0243AA0000C1',
      username: '0243AA0000C1',
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const v2 = await s.call('POST', '/api/v2/Controllers', { mac: '0243AA0000C2' });
    expect(v2.status).toBe(201);
    expect(v2.body.error).toBe(false);
    expect(v2.body.result).toMatchObject({
      mac: '0243AA0000C2',
      secret: expect.stringMatching(/^[\w-]{43}$/),
    });
    const made = [
      { mac: '0243AA0000C1', id: v1.body._id as number, secret: v1.body.secret as string },
      { mac: '0243AA0000C2', id: v2.body.result._id as number, secret: v2.body.result.secret as string },
    ];
    for (const c of made) {
      const [row] = await s.sql<{ hash: string }>(
        'select hash from device_secrets where controller_id = $1',
        [c.id],
      );
      expect(row!.hash).toMatch(/^\$7\$/);
      const client = await connect({ clientId: c.mac, username: c.mac, password: c.secret });
      expect(client.connected).toBe(true);
      await client.endAsync();
      // never again: not in the row, the list, the search
      for (const path of [
        `/api/v1/Controllers/${c.id}`,
        `/api/v2/Controllers?id=${c.id}`,
        '/api/v1/Controllers',
      ]) {
        const later = await s.call('GET', path);
        expect(later.status).toBe(200);
        expect(JSON.stringify(later.body)).not.toContain(c.secret);
        expect(JSON.stringify(later.body)).not.toMatch(/secret/i);
      }
    }
    // a create that is refused issues nothing, and the controller it names keeps its secret
    const again = await s.call('POST', '/api/v1/Controllers', { mac: '0243AA0000C1' });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toMatch(/secret/i);
    const still = await connect({
      clientId: made[0]!.mac,
      username: made[0]!.mac,
      password: made[0]!.secret,
    });
    expect(still.connected).toBe(true);
    await still.endAsync();
    // without the create right there is no controller and no secret
    const viewer = await s.demo();
    const refused = await viewer.call('POST', '/api/v1/Controllers', { mac: '0243AA0000C3' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toMatch(/secret/i);
  });

  it('refuses anonymous clients, wrong secrets, borrowed ids and a forged server', async () => {
    expect(await refusal({})).toBe(4);
    expect(await refusal({ clientId: 'sniffer' })).toBe(4);
    expect(await refusal({ clientId: A.mac, username: A.mac, password: 'guess' })).toBe(4);
    expect(await refusal({ clientId: A.mac, username: A.mac, password: B.secret })).toBe(4);
    expect(await refusal({ clientId: A.mac, username: A.mac })).toBe(4);
    // the right secret under another client id: a controller is its MAC, as user name and client id
    expect(await refusal({ clientId: 'x', username: A.mac, password: A.secret })).toBe(2);
    expect(await refusal({ clientId: 'x', username: 'sl-server', password: 'guess' })).toBe(4);
    // a controller just created has a secret (its create answer showed it): no empty or guessed one works
    const id = (await s.call('POST', '/api/v1/Controllers', { mac: '0243AA0000FF' })).body._id;
    expect(id).toBeGreaterThan(0);
    expect(await refusal({ clientId: '0243AA0000FF', username: '0243AA0000FF', password: '' })).toBe(4);
  });

  it('keeps a controller to its own topics: no wildcard, no one else’s commands, state, readings or replies', async () => {
    const a = await as(A);
    const seenByA: string[] = [];
    a.on('message', (t) => seenByA.push(t));
    await a.subscribeAsync(`sl/v1/${A.mac}/cmd`, { qos: 1 });
    const b = await as(B);
    const granted = [];
    for (const filter of ['#', `sl/v1/${A.mac}/cmd`, 'sl/v1/+/cmd', `sl/v1/${B.mac}/cmd`])
      granted.push(await grantedQos(b, filter));
    expect(granted).toEqual([128, 128, 128, 1]);
    // B would answer every command it hears for A, as the real A's race
    const seenByB: string[] = [];
    b.on('message', (t, buf) => {
      seenByB.push(t);
      const cmd = JSON.parse(buf.toString());
      b.publish(`sl/v1/${A.mac}/reply`, JSON.stringify({ id: cmd.id, code: 0 }), { qos: 1 });
    });
    const res = await s.call('POST', '/api/v2/controllers/command', { _id: A.id, command: { relay: 1 } });
    expect(res.body.code).toBe('TimeOut'); // A heard it and stayed silent; B heard nothing and could not answer
    expect(seenByA).toEqual([`sl/v1/${A.mac}/cmd`]);
    expect(seenByB).toEqual([]);

    const refusedBefore = s.broker.refused!.publish;
    const closed = closing(b);
    b.publish(`sl/v1/${A.mac}/state`, stateOf(255), { qos: 1, retain: true });
    await closed; // publishing outside its own topics ends a controller's connection
    expect(s.broker.refused!.publish).toBe(refusedBefore + 1);
    const b2 = await as(B);
    const at = new Date().toISOString();
    const forged = JSON.stringify({ at, modules: [sampleModuleReading(A.module, { at })] });
    const closed2 = closing(b2);
    b2.publish(`sl/v1/${A.mac}/modules`, forged, { qos: 1 });
    await closed2;
    await new Promise((r) => setTimeout(r, 800));
    expect((await controllerRow(A.id)).iostate ?? null).toBeNull();
    expect(await s.sql('select 1 from module_readings where mac = $1 and at = $2', [A.module, at])).toEqual(
      [],
    );
    await a.endAsync();
  });

  it('refuses a second connection with a connected controller’s client id; the first stays connected', async () => {
    const first = await as(A);
    let firstClosed = false;
    first.on('close', () => (firstClosed = true));
    const before = s.broker.refused!.takeover;
    expect(await refusal({ clientId: A.mac, username: A.mac, password: A.secret })).toBe(2);
    expect(await refusal({ clientId: A.mac, username: B.mac, password: B.secret })).toBe(2);
    expect(s.broker.refused!.takeover).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(firstClosed).toBe(false);
    expect(first.connected).toBe(true);
    await first.publishAsync(`sl/v1/${A.mac}/state`, stateOf(3), { qos: 1 });
    await until(async () => ((await controllerRow(A.id)).iostate === 3 ? true : undefined));
    await first.endAsync();
  });

  it(`ends a connection whose message announces more than ${MAX_MESSAGE_BYTES} bytes, before reading it`, async () => {
    const before = s.broker.refused!.oversize;
    const port = Number(new URL(s.brokerUrl).port);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    const packet = (p: object) => mqttPacket.generate(p as mqttPacket.Packet);
    socket.write(
      packet({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        keepalive: 60,
        clientId: A.mac,
        username: A.mac,
        password: Buffer.from(A.secret),
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    // a PUBLISH that says 200 MB follow, then the bytes, 64 KB at a time, up to 16 MB unless the broker hangs up
    const body = 200 * 1024 * 1024;
    const header = Buffer.from([0x30, ...varint(body)]);
    socket.write(Buffer.concat([header, Buffer.from([0, 1, 0x78])]));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    while (!closed && sent < 16 * 1024 * 1024) {
      if (!socket.write(chunk)) await new Promise((r) => setTimeout(r, 5));
      sent += chunk.length;
      await new Promise((r) => setImmediate(r));
    }
    await until(() => closed || undefined, 3000);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(s.broker.refused!.oversize).toBe(before + 1);

    // a message just over the limit from a real client: refused, the same
    const a = await as(A);
    const gone = closing(a);
    a.publish(`sl/v1/${A.mac}/reply`, Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20), { qos: 0 });
    await gone;
    expect(s.broker.refused!.oversize).toBe(before + 2);
    // and one under it passes
    const a2 = await as(A);
    await a2.publishAsync(`sl/v1/${A.mac}/reply`, Buffer.alloc(MAX_MESSAGE_BYTES - 1000, 0x20), { qos: 1 });
    expect(a2.connected).toBe(true);
    await a2.endAsync();
  });

  it('counts and drops a reading for a module assigned to another controller, storing the rest', async () => {
    const a = await as(A);
    const before = await health();
    const at = new Date().toISOString();
    const modules = [sampleModuleReading(A.module, { at }), sampleModuleReading(B.module, { at })];
    await a.publishAsync(`sl/v1/${A.mac}/modules`, JSON.stringify({ at, modules }), { qos: 1 });
    const stored = await until(async () => {
      const r = await s.sql<{ mac: string }>('select mac from module_readings where at = $1', [at]);
      return r.length ? r : undefined;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(await s.sql('select mac from module_readings where at = $1', [at])).toEqual(stored);
    expect(stored.map((r) => r.mac)).toEqual([A.module]);
    const after = await health();
    expect(after.foreignReadings - before.foreignReadings).toBe(1);
    const [bModule] = await s.sql<{ last_received_at: Date | null }>(
      'select last_received_at from luminary_modules where mac = $1',
      [B.module],
    );
    expect(bModule!.last_received_at).toBeNull();
    await a.endAsync();
  });

  it('counts and drops a meter reading from a controller the meter does not belong to, storing the rest', async () => {
    const meters = await metersOf(s, A, B, 'AA');
    const before = await health();
    const at = new Date().toISOString();
    const a = await as(A);
    const b = await as(B);
    // B reads its own meters (by its cabinets); A reads its own, then forges B's and one nobody knows
    for (const serial of [meters.b, meters.c])
      await b.publishAsync(`sl/v1/${B.mac}/meter`, meterReadingOf(serial, at, B_POWER), { qos: 1 });
    for (const serial of [meters.a, meters.b, meters.c, `${meters.a}-unknown`])
      await a.publishAsync(`sl/v1/${A.mac}/meter`, meterReadingOf(serial, at, A_POWER), { qos: 1 });
    const stored = await until(async () => {
      const r = await meterReadingsAt(s, at);
      return r.length === 3 ? r : undefined;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(await meterReadingsAt(s, at)).toEqual(stored);
    // each meter's reading once, from its own controller: B's is B's value, never the forged one
    expect(stored).toEqual([
      { serial: meters.a, power: String(A_POWER) },
      { serial: meters.b, power: String(B_POWER) },
      { serial: meters.c, power: String(B_POWER) },
    ]);
    const after = await health();
    expect(after.foreignReadings - before.foreignReadings).toBe(2);
    expect(after.unknownDevices - before.unknownDevices).toBe(1);
    expect(await meterPower(s, meters.b)).toBe(B_POWER);
    expect(await meterPower(s, meters.c)).toBe(B_POWER);
    await a.endAsync();
    await b.endAsync();
  });
});

/** MQTT's variable-length integer. */
function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}
