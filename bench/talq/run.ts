// bench:talq — issue 31's two figures for the console as a TALQ CMS, on a fresh PostgreSQL database through the
// server process: GATEWAYS gateways, commissioned and bootstrapped, announce DEVICES monitored lamps in requests of
// BATCH (CONCURRENCY gateways at once); then every lamp's quarter-hour log report (actual level, active power,
// active energy, operating hours: four attribute values) is sent, a request of BATCH lamps each. Both are counted
// in the database (modules made, readings stored), so nothing lost is taken for done.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recreateDatabase } from '../api/load.ts';
import { ROOT, startNode, stopAll } from '../api/processes.ts';
import { machine, writeSection } from '../api/report.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { call, signIn } from '../field/dim.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GATEWAYS = Number(process.env.BENCH_TALQ_GATEWAYS ?? 100);
const DEVICES = Number(process.env.BENCH_TALQ_DEVICES ?? 1_000_000);
const BATCH = Number(process.env.BENCH_TALQ_BATCH ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_TALQ_CONCURRENCY ?? 4);
const VALUES_PER_LAMP = 4;
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const NIL = '00000000-0000-0000-0000-000000000000';

type Gateway = { cmsUri: string; login: string; secret: string; address?: string };

const CLASS = {
  name: 'MonitoredLamp',
  functions: [
    { functionId: 'basic', type: 'BasicFunction' },
    { functionId: 'lamp', type: 'LampActuatorFunction' },
    { functionId: 'monitor', type: 'LampMonitorFunction' },
  ],
};

/** A gateway's request: Basic credentials, the version header, its clientAddress and a new talqRequestId. */
async function talq(
  g: Gateway,
  method: string,
  route: string,
  body: unknown,
  clientAddress = g.address ?? NIL,
) {
  const url = new URL(g.cmsUri + route);
  url.searchParams.set('clientAddress', clientAddress);
  url.searchParams.set('talqRequestId', randomUUID());
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${g.login}:${g.secret}`).toString('base64')}`,
      'talq-api-version': '2.7.1',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function bootstrap(g: Gateway) {
  const gateway = {
    address: NIL,
    name: 'bench gateway',
    class: 'Gateway',
    functions: [
      {
        id: 'gw',
        type: 'GatewayFunction',
        gatewayUri: { type: 'AttributeUri', value: 'http://127.0.0.1:1/gw' },
        cmsUri: { type: 'AttributeUri', value: g.cmsUri },
        gatewayAddress: { type: 'AttributeString', value: NIL },
        cmsAddress: { type: 'AttributeString', value: NIL },
      },
    ],
  };
  const [answered] = (await talq(g, 'POST', '/devices', [gateway], NIL)) as { address: string }[];
  g.address = answered!.address;
  await talq(g, 'POST', '/services', [{ name: 'ControlService' }]);
  await talq(g, 'POST', '/device-classes', [CLASS]);
  await talq(g, 'POST', '/device-classes', []);
}

/** Lamp `n` of the bench: an address of its own and a place on a grid over Cambridge. */
const lamp = (n: number) => ({
  address: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  name: `bench lamp ${n}`,
  class: 'MonitoredLamp',
  functions: [
    {
      id: 'basic',
      type: 'BasicFunction',
      location: {
        type: 'AttributeLocation',
        value: { latitude: 42.35 + Math.floor(n / 1000) * 0.00002, longitude: -71.16 + (n % 1000) * 0.0001 },
      },
    },
    { id: 'lamp', type: 'LampActuatorFunction' },
    { id: 'monitor', type: 'LampMonitorFunction' },
  ],
});

const value = (src: string, attributeName: string, attributeValue: object, timestamp: string) => ({
  data: { type: 'AttributeLogData', srcAddress: src, timestamp, attributeName, attributeValue },
});
const float = (v: number) => ({ type: 'AttributeFloat', value: v });

/** The quarter-hour report of lamps `from`..`to`: four values each, at one time. */
function report(from: number, to: number, at: string) {
  const entries = [];
  for (let n = from; n < to; n++) {
    const a = lamp(n).address;
    entries.push(
      value(
        `${a}/lamp`,
        'actualLightState',
        { type: 'AttributeLevelState', value: { name: 'LevelState', value: 80 } },
        at,
      ),
      value(`${a}/monitor`, 'activePower', float(40 + (n % 10)), at),
      value(`${a}/monitor`, 'activeEnergy', float(100 + n / 1000), at),
      value(`${a}/monitor`, 'operatingHours', float(1000), at),
    );
  }
  return { address: randomUUID(), entries };
}

/** Runs `work` for each gateway's slice of lamps, CONCURRENCY gateways at a time. */
async function perGateway(
  gateways: Gateway[],
  work: (g: Gateway, from: number, to: number) => Promise<void>,
) {
  const per = Math.ceil(DEVICES / gateways.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < gateways.length; i = next++) {
        const start = i * per;
        const end = Math.min(DEVICES, start + per);
        for (let from = start; from < end; from += BATCH)
          await work(gateways[i]!, from, Math.min(end, from + BATCH));
      }
    }),
  );
}

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_talq' }).toString();
  await recreateDatabase(ADMIN_URL, benchUrl);
  const env = { DATABASE_URL: benchUrl, MQTT_PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', ADMIN_PASSWORD };
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;
  try {
    const { url } = await startNode('server', 'apps/server/src/main.ts', env, '/health');
    const s = await signIn(url, ADMIN_PASSWORD);
    // the gateways' lamps land in a group, as an administrator of no group must name one
    const group = (await call<{ _id: number }>(url, s, 'POST', '/api/v1/Groups', { name: 'bench gateways' }))
      ._id;
    const gateways: Gateway[] = [];
    const b0 = performance.now();
    for (let i = 0; i < GATEWAYS; i++) {
      const made = await call<Gateway>(url, s, 'POST', '/api/v2/talq/gateways', {
        name: `bench gateway ${i}`,
        gatewayUri: 'http://127.0.0.1:1/gw',
        group,
      });
      await bootstrap(made);
      gateways.push(made);
    }
    const bootstrapMs = performance.now() - b0;

    const a0 = performance.now();
    await perGateway(gateways, (g, from, to) =>
      talq(
        g,
        'POST',
        '/devices',
        Array.from({ length: to - from }, (_, k) => lamp(from + k)),
      ).then(() => {}),
    );
    const announceMs = performance.now() - a0;
    const modules = await count('select count(*)::int as n from luminary_modules where deleted_at is null');
    const lamps = await count('select count(*)::int as n from luminaries where deleted_at is null');
    if (modules !== DEVICES || lamps !== DEVICES)
      throw new Error(`${modules} modules, ${lamps} lamps of ${DEVICES}`);

    const at = new Date(Date.now() - 60_000).toISOString();
    const r0 = performance.now();
    await perGateway(gateways, (g, from, to) =>
      talq(g, 'POST', '/log-reports', report(from, to, at)).then(() => {}),
    );
    const reportMs = performance.now() - r0;
    const readings = await count('select count(*)::int as n from module_readings');
    if (readings !== DEVICES) throw new Error(`${readings} readings stored of ${DEVICES}`);

    const { rows: version } = await pool.query<{ v: string }>(`select split_part(version(), ' ', 2) as v`);
    const result = {
      bootstrapMs,
      announceMs,
      reportMs,
      modules,
      readings,
      pg: version[0]!.v,
      load: os.loadavg(),
    };
    console.log(JSON.stringify(result, null, 1));
    await writeSection(DOC, render(result));
  } finally {
    await pool.end();
    await stopAll();
    // BENCH_KEEP_DB=1: the database stays, to look into with EXPLAIN afterwards
    if (process.env.BENCH_KEEP_DB !== '1') await dropDatabase();
  }
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists sl_bench_talq with (force)');
  await admin.end();
}

type Result = {
  bootstrapMs: number;
  announceMs: number;
  reportMs: number;
  modules: number;
  readings: number;
  pg: string;
  load: number[];
};

function render(r: Result): string {
  const m = machine(`PostgreSQL ${r.pg}`);
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const perSecond = (x: number, ms: number) => n((x / ms) * 1000);
  const announceAtGoal = (1_000_000 / r.modules) * r.announceMs;
  const valuesRate = (r.readings * VALUES_PER_LAMP * 1000) / r.reportMs;
  const env = [
    DEVICES !== 1_000_000 && `BENCH_TALQ_DEVICES=${DEVICES}`,
    GATEWAYS !== 100 && `BENCH_TALQ_GATEWAYS=${GATEWAYS}`,
  ].filter(Boolean);
  return [
    '## TALQ (bench:talq)',
    'Written by `bench/talq/run.ts`; rerunning replaces this section.',
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- Command: \`${env.length ? `${env.join(' ')} ` : ''}npm run bench:talq\``,
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory, ${m.cpu}; Node ${m.node}; ${m.postgres}; load average at the end ${r.load.map((x) => x.toFixed(1)).join(' / ')}. One run.`,
      `- ${n(GATEWAYS)} gateways commissioned through \`POST /api/v2/talq/gateways\` and bootstrapped (announcement, services, one device class, the empty class list) in ${s(r.bootstrapMs)}; then ${n(DEVICES)} monitored lamps (BasicFunction with a location, LampActuatorFunction, LampMonitorFunction) announced in requests of ${n(BATCH)}, ${CONCURRENCY} gateways at a time, plain JSON over HTTP/1.1 on 127.0.0.1 to the server process (\`apps/server/src/main.ts\`).`,
      `- Then each lamp's log report of a quarter hour: ${VALUES_PER_LAMP} attribute values (actualLightState, activePower, activeEnergy, operatingHours) at one time, ${n(BATCH)} lamps a request; every value goes through the same ingest as MQTT readings (history, rollups, state).`,
    ].join('\n'),
    [
      '| measure | devices | time | rate | goal |\n| --- | --: | --: | --: | --- |',
      `| announce (mounting, module in its socket, lamp, change log, TALQ device) | ${n(r.modules)} | ${s(r.announceMs)} | ${perSecond(r.modules, r.announceMs)} devices/s | 1,000,000 in ≤ 120 s: ${announceAtGoal <= 120_000 ? 'met' : `**not met** (${s(announceAtGoal)} at this rate)`} |`,
      `| log reports | ${n(r.readings)} | ${s(r.reportMs)} | ${n(valuesRate)} attribute values/s | ≥ 20,000 values/s: ${valuesRate >= 20_000 ? 'met' : '**not met**'} |`,
    ].join('\n'),
    `- Counted in the database afterwards: ${n(r.modules)} modules and as many lamps; ${n(r.readings)} readings stored, one a lamp, nothing lost.`,
  ].join('\n\n');
}

await main();
