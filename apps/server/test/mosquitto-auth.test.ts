import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '@sl/protocol';
import { sampleModuleReading } from '@sl/protocol/testing';
import { loadCity, startSimulator } from '@sl/simulator';
import { aclFile, mosquittoSettings, passwordFile, serverLogins } from '../src/field/broker-files.ts';
import { DeviceSecrets, hashSecret } from '../src/field/device-secrets.ts';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, until } from './field-setup.ts';
import { A_POWER, B_POWER, meterPower, meterReadingOf, meterReadingsAt, metersOf } from './meters.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// The same rules on an external broker: a Mosquitto of the test's own, run with the password and ACL files made
// from the database (what `npm run broker:files` writes), the server signed in with a credential of its own.

const MOSQUITTO_BIN = '/usr/sbin/mosquitto';
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = { username: 'sl-server-test', password: randomBytes(24).toString('base64url') };
/** the logins of two server processes on the database: SERVER and `sl-server-test-2` */
const SERVERS = serverLogins(SERVER, 2);

let dir: string;
let broker: ChildProcess;
let url: string;
let s: TestServer;
const A = { mac: '0243BB000001', module: '024DBB0000000001', id: 0, secret: '' };
const B = { mac: '0243BB000002', module: '024DBB0000000002', id: 0, secret: '' };
const clients: MqttClient[] = [];

const connect = async (opts: IClientOptions) => {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  clients.push(c);
  return c;
};
const as = (who: typeof A, opts: IClientOptions = {}) =>
  connect({ clientId: who.mac, username: who.mac, password: who.secret, ...opts });
const refused = (opts: IClientOptions) =>
  connect(opts).then(
    () => false,
    () => true,
  );
const closing = (c: MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));
const health = async () => (await s.call('GET', '/health')).body.field;
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

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The files from the database, as the script writes them, and Mosquitto told to read them again. */
async function refreshFiles() {
  if (s.databaseUrl) {
    // on PostgreSQL through the script itself, as an operator runs it
    const script = ['scripts/broker-files.ts', '--out', dir, '--servers', '2'];
    const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: s.databaseUrl,
        MQTT_USERNAME: SERVER.username,
        MQTT_PASSWORD: SERVER.password,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  } else {
    // PGlite in memory is this process's alone: the same functions the script calls
    fs.writeFileSync(path.join(dir, 'passwd'), await passwordFile(new DeviceSecrets(s.db), SERVERS));
    fs.writeFileSync(path.join(dir, 'acl'), aclFile(SERVERS));
  }
  broker.kill('SIGHUP');
  await new Promise((r) => setTimeout(r, 500));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-mosquitto-'));
  const port = await freePort();
  url = `mqtt://127.0.0.1:${port}`;
  const passwd = path.join(dir, 'passwd');
  const acl = path.join(dir, 'acl');
  // at first only the server's user: controllers are added once they are commissioned
  fs.writeFileSync(passwd, `${SERVER.username}:${hashSecret(SERVER.password)}\n`);
  fs.writeFileSync(acl, aclFile([SERVER]));
  fs.writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'persistence false',
      'log_dest none',
      // run as whoever runs the test (as root, Mosquitto would switch to its own user, who cannot read our files)
      `user ${os.userInfo().username}`,
      mosquittoSettings({ passwordFile: passwd, aclFile: acl, maxPacketBytes: MAX_MESSAGE_BYTES }),
      '',
    ].join('\n'),
  );
  broker = spawn(MOSQUITTO_BIN, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await until(
    () =>
      mqtt
        .connectAsync(url, { ...SERVER, reconnectPeriod: 0 })
        .then((c) => c.endAsync().then(() => true))
        .catch(() => undefined),
    10_000,
  );
  s = await startServer(
    { commandTimeoutMs: 1500 },
    { mqttUrl: url, mqttUsername: SERVER.username, mqttPassword: SERVER.password },
  );
  for (const who of [A, B]) {
    who.id = (await s.call('POST', '/api/v1/Controllers', { mac: who.mac })).body._id;
    await s.call('POST', '/api/v1/LuminaryModules', { mac: who.module, controller: who.id });
    who.secret = (await s.call('POST', `/api/v2/controllers/${who.id}/secret`)).body.result.secret;
  }
  await refreshFiles();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => {
  await s?.close();
  broker?.kill('SIGTERM');
  if (broker && broker.exitCode === null) await once(broker, 'exit');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`device credentials through Mosquitto on ${backend}`, () => {
  it('writes the password file from the database hashes and an ACL that keeps controllers to their topics', () => {
    const passwd = fs.readFileSync(path.join(dir, 'passwd'), 'utf8');
    expect(passwd).toMatch(new RegExp(`^${A.mac}:\\$7\\$101\\$`, 'm'));
    expect(passwd).toMatch(new RegExp(`^${SERVER.username}:\\$7\\$`, 'm'));
    expect(passwd).not.toContain(A.secret);
    expect(fs.readFileSync(path.join(dir, 'acl'), 'utf8')).toContain('pattern read sl/v1/%u/cmd');
  });

  it('gives a second server process a login of its own: both stay connected, and it reads the field', async () => {
    const second = await connect({ ...SERVERS[1]!, clientId: 'ignored' });
    const heard = new Promise<string>((resolve) => second.once('message', (name) => resolve(name)));
    await second.subscribeAsync(`sl/v1/${A.mac}/reply`, { qos: 1 });
    const a = await as(A);
    await a.publishAsync(`sl/v1/${A.mac}/reply`, JSON.stringify({ id: 'none', code: 0 }), { qos: 1 });
    expect(await heard).toBe(`sl/v1/${A.mac}/reply`);
    await new Promise((r) => setTimeout(r, 500));
    expect(second.connected).toBe(true);
    expect((await s.call('GET', '/health')).body.broker.connected).toBe(true);
  });

  it('refuses anonymous clients and wrong secrets, and lets a commissioned controller in', async () => {
    expect(await refused({})).toBe(true);
    expect(await refused({ clientId: 'sniffer' })).toBe(true);
    expect(await refused({ clientId: A.mac, username: A.mac, password: 'guess' })).toBe(true);
    expect(await refused({ clientId: A.mac, username: A.mac, password: B.secret })).toBe(true);
    expect(await refused({ clientId: 'x', username: SERVER.username, password: 'guess' })).toBe(true);
    expect((await as(A)).connected).toBe(true);
  });

  it('keeps a controller to its own topics: it hears no one else’s commands and cannot speak for another', async () => {
    const a = await as(A);
    const seenByA: string[] = [];
    a.on('message', (t) => seenByA.push(t));
    await a.subscribeAsync(`sl/v1/${A.mac}/cmd`, { qos: 1 });
    const b = await as(B);
    const seenByB: string[] = [];
    b.on('message', (t, buf) => {
      seenByB.push(t);
      const cmd = JSON.parse(buf.toString());
      b.publish(`sl/v1/${A.mac}/reply`, JSON.stringify({ id: cmd.id, code: 0 }), { qos: 1 });
    });
    for (const filter of ['#', 'sl/v1/+/cmd', `sl/v1/${A.mac}/cmd`])
      await b.subscribeAsync(filter, { qos: 1 }).catch(() => undefined);
    const res = await s.call('POST', '/api/v2/controllers/command', { _id: A.id, command: { relay: 1 } });
    expect(res.body.code).toBe('TimeOut');
    expect(seenByA).toEqual([`sl/v1/${A.mac}/cmd`]);
    expect(seenByB).toEqual([]);

    const before = await health();
    const at = new Date().toISOString();
    await b.publishAsync(`sl/v1/${A.mac}/state`, stateOf(255), { qos: 1 }).catch(() => undefined);
    await b
      .publishAsync(
        `sl/v1/${A.mac}/modules`,
        JSON.stringify({ at, modules: [sampleModuleReading(A.module, { at })] }),
        { qos: 1 },
      )
      .catch(() => undefined);
    // what B may send arrives: the server hears it, and nothing of what it may not
    const b2 = b.connected ? b : await as(B);
    await b2.publishAsync(`sl/v1/${B.mac}/state`, stateOf(7), { qos: 1 });
    await until(async () => ((await health()).messages > before.messages ? true : undefined));
    await new Promise((r) => setTimeout(r, 700));
    expect((await health()).messages).toBe(before.messages + 1);
    const [row] = await s.sql<{ iostate: number | null }>('select iostate from controllers where _id = $1', [
      A.id,
    ]);
    expect(row!.iostate).toBeNull();
    expect(await s.sql('select 1 from module_readings where at = $1', [at])).toEqual([]);
  });

  it('does not let a controller take another’s client id: the other stays connected', async () => {
    const a = await as(A);
    let aClosed = false;
    a.on('close', () => (aClosed = true));
    // Mosquitto replaces every client id with its user name (use_username_as_clientid)
    const b = await as(B, { clientId: A.mac });
    expect(b.connected).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(aClosed).toBe(false);
    await a.subscribeAsync(`sl/v1/${A.mac}/cmd`, { qos: 1 });
    a.on('message', (_t, buf) => {
      const cmd = JSON.parse(buf.toString());
      a.publish(`sl/v1/${A.mac}/reply`, JSON.stringify({ id: cmd.id, code: 0 }), { qos: 1 });
    });
    const res = await s.call('POST', '/api/v2/controllers/command', { _id: A.id, command: { relay: 2 } });
    expect(res.status).toBe(200);
  });

  it(`ends a connection that sends a message over ${MAX_MESSAGE_BYTES} bytes; the server never gets it`, async () => {
    const before = await health();
    const a = await as(A);
    const gone = closing(a);
    a.publish(`sl/v1/${A.mac}/modules`, Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20), { qos: 0 });
    await gone;
    await new Promise((r) => setTimeout(r, 500));
    const after = await health();
    expect(after.messages).toBe(before.messages);
    expect(after.oversize).toBe(before.oversize);
  });

  it('counts and drops a reading for a module of another controller (the server’s own check)', async () => {
    const a = await as(A);
    const before = await health();
    const at = new Date().toISOString();
    const modules = [sampleModuleReading(A.module, { at }), sampleModuleReading(B.module, { at })];
    await a.publishAsync(`sl/v1/${A.mac}/modules`, JSON.stringify({ at, modules }), { qos: 1 });
    await until(async () => ((await health()).foreignReadings > before.foreignReadings ? true : undefined));
    await new Promise((r) => setTimeout(r, 700));
    const stored = await s.sql<{ mac: string }>('select mac from module_readings where at = $1', [at]);
    expect(stored.map((r) => r.mac)).toEqual([A.module]);
    expect((await health()).foreignReadings - before.foreignReadings).toBe(1);
  });

  it('counts and drops a meter reading from a controller the meter does not belong to (the server’s own check)', async () => {
    const meters = await metersOf(s, A, B, 'BB');
    const before = await health();
    const at = new Date().toISOString();
    const a = await as(A);
    const b = await as(B);
    // B reads its own meters (by its cabinets); A reads its own, then forges B's and one nobody knows
    for (const serial of [meters.b, meters.c])
      await b.publishAsync(`sl/v1/${B.mac}/meter`, meterReadingOf(serial, at, B_POWER), { qos: 1 });
    for (const serial of [meters.a, meters.b, meters.c, `${meters.a}-unknown`])
      await a.publishAsync(`sl/v1/${A.mac}/meter`, meterReadingOf(serial, at, A_POWER), { qos: 1 });
    await until(async () =>
      (await health()).foreignReadings >= before.foreignReadings + 2 ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 700));
    expect(await meterReadingsAt(s, at)).toEqual([
      { serial: meters.a, power: String(A_POWER) },
      { serial: meters.b, power: String(B_POWER) },
      { serial: meters.c, power: String(B_POWER) },
    ]);
    const after = await health();
    expect(after.foreignReadings - before.foreignReadings).toBe(2);
    expect(after.unknownDevices - before.unknownDevices).toBe(1);
    expect(await meterPower(s, meters.b)).toBe(B_POWER);
    expect(await meterPower(s, meters.c)).toBe(B_POWER);
  });

  it('carries the simulated field of commissioned controllers into the console', async () => {
    const city = await loadCity('cambridge', { controllers: 1, network: 0xbb01 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
    const secrets = await s.commission(city.cabinets.map((c) => c.controller.mac));
    await refreshFiles();
    const sim = await startSimulator({ broker: url, city, intervalMs: 300, faults: false, secrets });
    try {
      const macs = city.cabinets[0]!.modules.map((m) => m.mac);
      await until(async () => {
        const [r] = await s.sql<{ n: number }>(
          'select count(distinct mac)::int as n from module_readings where mac = any($1::text[])',
          [macs],
        );
        return r!.n === macs.length ? true : undefined;
      }, 15_000);
      expect(sim.counters.errors).toBe(0);
    } finally {
      await sim.stop();
    }
  });
});

describe(`the server's own size limit on ${backend}`, () => {
  // the machine's Mosquitto has no size limit of its own: the server must still drop what is over ours
  it('drops a field message over the limit that a broker let through, and counts it', async () => {
    const local = await startServer({}, { mqttUrl: MOSQUITTO });
    try {
      const client = await mqtt.connectAsync(MOSQUITTO, { reconnectPeriod: 0 });
      const before = (await local.call('GET', '/health')).body.field;
      await client.publishAsync('sl/v1/0243BBFFFFFF/modules', Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20), {
        qos: 1,
      });
      await client.endAsync();
      const after = await until(async () => {
        const f = (await local.call('GET', '/health')).body.field;
        return f.oversize > before.oversize ? f : undefined;
      });
      expect(after.oversize - before.oversize).toBe(1);
      expect(after.malformed).toBe(before.malformed);
    } finally {
      await local.close();
    }
  });
});
