import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { topicMac } from '@sl/protocol';
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { copyInto } from '../../apps/server/src/field/copy-rows.ts';
import { cpuMeter } from './cpu.ts';
import type { Template } from './fleet.ts';

// (a) ingest: readings published at a set rate through the broker to the server, counted in module_readings;
// beside it the two raw baselines, the broker alone and the database alone.

export type Step = {
  rate: number;
  seconds: number;
  sent: number;
  /** rows in module_readings when they stopped growing */
  stored: number;
  /** readings the server decoded (its /health counter) */
  received: number;
  /** stored ÷ (first publish → last row stored) */
  sustained: number;
  publishRate: number;
  /** now − the newest stored reading's time, sampled every 500 ms while publishing */
  lagP50Ms: number;
  lagMaxMs: number;
  /** last publish → every row stored */
  drainMs: number;
  serverCores: number;
  machineCores: number;
  /** Mosquitto's log said during the step that it dropped messages for the server's client */
  brokerDropped: boolean | undefined;
};

export const MOSQUITTO_LOG = '/var/log/mosquitto/mosquitto.log';
/** Where the Mosquitto's log is readable: a mark now, and later whether it logged dropping for `clientId`. */
function brokerLog(file: string) {
  const readable = existsSync(file);
  const from = readable ? statSync(file).size : 0;
  return (clientPrefix: string) =>
    readable
      ? readFileSync(file, 'utf8').slice(from).includes(`being dropped for client ${clientPrefix}`)
      : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN;

export async function connectMqtt(url: string, id: string, opts: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(url, { clientId: `sl-bench-${id}-${process.pid}`, reconnectPeriod: 0, ...opts });
}

/**
 * The publishers: with `secrets`, one connection per controller, signed in as it (a controller may publish only
 * under its own MAC); without, one anonymous connection for all.
 */
async function publishers(url: string, ts: Template[], secrets?: Readonly<Record<string, string>>) {
  if (!secrets) {
    const client = await connectMqtt(url, 'pub');
    return { of: () => client, end: () => client.endAsync() };
  }
  const macs = [...new Set(ts.map((t) => topicMac(t.controller)))];
  const clients = new Map<string, MqttClient>();
  for (let i = 0; i < macs.length; i += 50)
    await Promise.all(
      macs.slice(i, i + 50).map(async (mac) => {
        const client = await mqtt.connectAsync(url, {
          clientId: mac,
          username: mac,
          password: secrets[mac],
          reconnectPeriod: 0,
        });
        clients.set(mac, client);
      }),
    );
  return {
    of: (t: Template) => clients.get(topicMac(t.controller))!,
    end: () => Promise.all([...clients.values()].map((c) => c.endAsync())).then(() => undefined),
  };
}

/** Publishes `rate` readings/s for `seconds`, in whole batches, paced every 10 ms. */
async function publishAt(
  clientOf: (t: Template) => MqttClient,
  ts: Template[],
  rate: number,
  seconds: number,
) {
  const perBatch = ts[0]!.readings;
  const started = performance.now();
  let batches = 0;
  let readings = 0;
  let next = 0;
  const pending = new Set<Promise<unknown>>();
  for (;;) {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= seconds) break;
    const owed = Math.floor((elapsed * rate) / perBatch) - batches;
    const iso = new Date().toISOString();
    for (let i = 0; i < owed; i++) {
      const t = ts[next++ % ts.length]!;
      const p = clientOf(t).publishAsync(t.topic, t.fill(iso), { qos: 1 });
      pending.add(p);
      void p.finally(() => pending.delete(p));
      batches += 1;
      readings += t.readings;
    }
    await sleep(10);
  }
  await Promise.all(pending);
  return { readings, seconds: (performance.now() - started) / 1000 };
}

export async function ingestStep(opts: {
  brokerUrl: string;
  pool: pg.Pool;
  serverUrl: string;
  serverPid: number;
  templates: Template[];
  rate: number;
  seconds: number;
  /** each controller's secret, for a broker with authentication on */
  secrets?: Readonly<Record<string, string>>;
  /** the broker's log, and the client id it knows the server by (for the dropping it logs) */
  brokerLog?: string;
  serverClientId?: string;
}): Promise<Step> {
  const { pool, templates: ts } = opts;
  await pool.query('truncate module_readings');
  const health = async () =>
    ((await (await fetch(`${opts.serverUrl}/health`)).json()) as { field: { readings: number } }).field
      .readings;
  const received0 = await health();
  const probes = ts.map((t) => /"mac":"([0-9A-F]+)"/.exec(t.fill(''))![1]!);
  const newest = async () =>
    Number(
      (
        await pool.query<{ t: string | null }>(
          `select extract(epoch from max(m)) * 1000 as t
           from (select (select max(at) from module_readings where mac = x) as m from unnest($1::text[]) x) s`,
          [probes],
        )
      ).rows[0]!.t ?? NaN,
    );
  // other runs on the same broker may publish too; only the fleet's own modules count
  const prefix = probes[0]!.slice(0, 8);
  const count = async () =>
    Number(
      (
        await pool.query('select count(*)::bigint as n from module_readings where left(mac, 8) = $1', [
          prefix,
        ])
      ).rows[0].n,
    );

  const pubs = await publishers(opts.brokerUrl, ts, opts.secrets);
  const dropped = brokerLog(opts.brokerLog ?? MOSQUITTO_LOG);
  const cpu = cpuMeter(opts.serverPid);
  const t0 = Date.now();
  const lags: number[] = [];
  let publishing = true;
  const sampler = (async () => {
    while (publishing) {
      await sleep(500);
      const t = await newest();
      if (t >= t0) lags.push(Date.now() - t);
    }
  })();
  const pub = await publishAt(pubs.of, ts, opts.rate, opts.seconds);
  publishing = false;
  await sampler;
  const tEnd = Date.now();
  await pubs.end();

  // rows arrive every flush; stop when all are in or nothing came for 10 s
  let stored = await count();
  let lastGrowth = Date.now();
  while (stored < pub.readings && Date.now() - lastGrowth < 10_000) {
    await sleep(250);
    const n = await count();
    if (n > stored) lastGrowth = Date.now();
    stored = n;
  }
  const doneAt = stored >= pub.readings ? Date.now() : lastGrowth;
  const used = cpu();
  return {
    rate: opts.rate,
    seconds: opts.seconds,
    sent: pub.readings,
    stored,
    received: (await health()) - received0,
    sustained: stored / ((doneAt - t0) / 1000),
    publishRate: pub.readings / pub.seconds,
    lagP50Ms: median(lags),
    lagMaxMs: lags.length ? Math.max(...lags) : NaN,
    drainMs: doneAt - tEnd,
    serverCores: used.process,
    machineCores: used.machine,
    // the server's MQTT client id (apps/server/src/plugins/broker.ts)
    brokerDropped: dropped(opts.serverClientId ?? `sl-server-${opts.serverPid}-`),
  };
}

export type Baseline = { readings: number; seconds: number; rate: number; lost?: number };

/**
 * The broker alone: one publisher to one subscriber that only counts, at most 500 messages between them (half of
 * Mosquitto's default queue per client), so what is measured is delivery without loss.
 */
export async function rawBroker(
  url: string,
  ts: Template[],
  seconds: number,
  logins: [IClientOptions, IClientOptions] = [{}, {}],
): Promise<Baseline> {
  const sub = await connectMqtt(url, 'sub', logins[0]);
  const pub = await connectMqtt(url, 'rawpub', logins[1]);
  // a topic root of its own, so the server does not take this traffic in
  const payloads = ts.map((t) => ({
    topic: `bench/${t.topic}`,
    body: t.fill(new Date().toISOString()),
    readings: t.readings,
  }));
  const readingsOf = new Map(payloads.map((p) => [p.topic, p.readings]));
  let got = 0;
  let gotMessages = 0;
  let sent = 0;
  let sentMessages = 0;
  let next = 0;
  const started = performance.now();
  const running = () => performance.now() - started < seconds * 1000;
  const pump = () => {
    while (running() && sentMessages - gotMessages < 500) {
      const p = payloads[next++ % payloads.length]!;
      sentMessages += 1;
      sent += p.readings;
      pub.publish(p.topic, p.body, { qos: 1 });
    }
  };
  // counted without decoding: what the broker alone delivers
  sub.on('message', (t) => {
    got += readingsOf.get(t) ?? 0;
    gotMessages += 1;
    if (gotMessages % 50 === 0) setImmediate(pump);
  });
  await sub.subscribeAsync([...readingsOf.keys()], { qos: 1 });
  pump();
  while (running()) {
    await sleep(100);
    pump(); // in case the window closed between two deliveries
  }
  const deadline = Date.now() + 10_000;
  while (got < sent && Date.now() < deadline) await sleep(20);
  const elapsed = (performance.now() - started) / 1000;
  await pub.endAsync();
  await sub.endAsync();
  return { readings: got, seconds: elapsed, rate: got / elapsed, lost: sent - got };
}

const COLUMNS = [
  'at',
  'mac',
  'pwm',
  'pow',
  'lux',
  'temp',
  'energy',
  'runh',
  'lpwm',
  'cpwm',
  'rssi',
  'twil',
  'cl_status',
];

/** The database alone: the same rows by COPY FROM STDIN, 10,000 per COPY, on one connection. */
export async function rawCopy(pool: pg.Pool, ts: Template[], seconds: number): Promise<Baseline> {
  await pool.query('truncate module_readings');
  const rows = ts.flatMap(
    (t) => (JSON.parse(t.fill(new Date().toISOString())) as { modules: Record<string, unknown>[] }).modules,
  );
  const batch = Array.from({ length: 10_000 }, (_, i) => ({ ...rows[i % rows.length]! }));
  let readings = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const at = new Date().toISOString();
    for (const r of batch) r.at = at;
    await copyInto(pool, 'module_readings', COLUMNS, batch);
    readings += batch.length;
  }
  const elapsed = (performance.now() - started) / 1000;
  const stored = Number((await pool.query('select count(*)::bigint as n from module_readings')).rows[0].n);
  await pool.query('truncate module_readings');
  return { readings: stored, seconds: elapsed, rate: stored / elapsed, lost: readings - stored };
}
