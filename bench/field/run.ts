import path from 'node:path';
import pg from 'pg';
import { startSimulator } from '@sl/simulator';
import { openDatabase } from '../../apps/server/src/db/connect.ts';
import { seedDemoCity } from '../../apps/server/src/field/demo-city.ts';
import { DeviceSecrets } from '../../apps/server/src/field/device-secrets.ts';
import { recreateDatabase } from '../api/load.ts';
import { killAllNow, ROOT, startNode, stopAll, stopNode } from '../api/processes.ts';
import { machine, writeSection } from '../api/report.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { benchGroup, call, groupDim, signIn, type DimRun } from './dim.ts';
import { fleet, templates } from './fleet.ts';
import { ingestStep, rawBroker, rawCopy, type Step } from './ingest.ts';
import { startAuthBroker, type AuthBroker } from './mosquitto.ts';
import { render, stepsTable, dimTable } from './report.ts';

// npm run bench:field: the server on a fresh PostgreSQL database through Mosquitto. (a) ingest at rising rates beside
// the raw broker and a raw COPY; (b) a group dim of the whole fleet. Results into docs/benchmarks.md.

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SHARED_MQTT = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/**
 * BENCH_FIELD_AUTH=0: the machine's own Mosquitto, anonymous, as before issue 16. Otherwise (the default) a
 * Mosquitto of the bench's own with authentication and the ACL on, every controller signed in with its secret.
 */
const AUTH = process.env.BENCH_FIELD_AUTH !== '0';
const SECONDS = Number(process.env.BENCH_FIELD_SECONDS ?? 20);
const RATES = (process.env.BENCH_FIELD_RATES ?? '5000,10000,25000,50000,100000').split(',').map(Number);
const CONTROLLERS = 500;
const PER_CONTROLLER = 20;
const DIM_RUNS = 7;
/** the rate at which the rollups' cost is measured: the goal's */
const ROLLUP_RATE = Number(process.env.BENCH_FIELD_ROLLUP_RATE ?? 50_000);
const DOC = path.join(ROOT, 'docs/benchmarks.md');

const watchdog = setTimeout(() => {
  console.error('bench:field: still running after 20 minutes, giving up');
  killAllNow();
  process.exit(1);
}, 20 * 60_000);
watchdog.unref();
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));

let stopBroker: (() => Promise<void>) | undefined;

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_field' }).toString();
  await recreateDatabase(ADMIN_URL, benchUrl);
  // a network number of our own: other runs on the same Mosquitto never share our topics
  const city = fleet(CONTROLLERS, PER_CONTROLLER, 0xb000 + (process.pid % 0x0fff));
  const auth: AuthBroker | undefined = AUTH ? await startAuthBroker() : undefined;
  stopBroker = auth?.stop;
  const MQTT = auth?.url ?? SHARED_MQTT;
  const serverEnv = {
    DATABASE_URL: benchUrl,
    MQTT_URL: MQTT,
    ...(auth && { MQTT_USERNAME: auth.server.username, MQTT_PASSWORD: auth.server.password }),
    LOG_LEVEL: 'warn',
    DEMO: '0',
    ADMIN_PASSWORD,
    COMMAND_TIMEOUT_MS: '10000',
  };
  const server = await startNode('server', 'apps/server/src/main.ts', serverEnv, '/health');
  const pool = new pg.Pool({ connectionString: benchUrl, max: 3 });
  const database = await openDatabase({ databaseUrl: benchUrl });
  let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
  try {
    const s = await signIn(server.url, ADMIN_PASSWORD);
    const { cityId, groupId } = await benchGroup(server.url, s, city);
    const t0 = performance.now();
    await seedDemoCity(database.db, groupId, cityId, city);
    const gc = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/GroupControl', {
      name: 'Whole fleet',
      id: 1,
      group: groupId,
    });
    await pool.query(
      `update luminary_supports p set sockets = (
         select jsonb_agg(x || jsonb_build_object('groupControl', $1::bigint)) from jsonb_array_elements(p.sockets) x)
       where p."group" = $2 and jsonb_array_length(p.sockets) > 0`,
      [gc._id, groupId],
    );
    await pool.query('vacuum analyze');
    // commissioning: every controller's secret, and the broker's files from the database
    const secrets = auth
      ? Object.fromEntries(
          await new DeviceSecrets(database.db).issueByMac(city.cabinets.map((c) => c.controller.mac)),
        )
      : undefined;
    await auth?.refresh(database.db);
    console.log(
      `seeded ${CONTROLLERS} controllers, ${CONTROLLERS * PER_CONTROLLER} modules in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const m = machine(
      (await pool.query<{ v: string }>('select version() as v')).rows[0]!.v.split(' on ')[0]!,
    );

    const ts = templates(city);
    console.log(`raw broker, ${Math.min(SECONDS, 10)} s ...`);
    const broker = await rawBroker(MQTT, ts, Math.min(SECONDS, 10), auth?.bench);
    console.log(`  ${Math.round(broker.rate)} readings/s`);
    console.log(`raw COPY, ${Math.min(SECONDS, 10)} s ...`);
    const copy = await rawCopy(pool, ts, Math.min(SECONDS, 10));
    console.log(`  ${Math.round(copy.rate)} readings/s`);

    const steps: Step[] = [];
    for (const rate of RATES) {
      console.log(`ingest at ${rate} readings/s for ${SECONDS} s ...`);
      const step = await ingestStep({
        brokerUrl: MQTT,
        pool,
        serverUrl: server.url,
        serverPid: server.child.pid!,
        templates: ts,
        rate,
        seconds: SECONDS,
        secrets,
        ...(auth && { brokerLog: auth.log, serverClientId: auth.server.username }),
      });
      steps.push(step);
      console.log(
        `  stored ${step.stored}/${step.sent}, sustained ${Math.round(step.sustained)}/s, lag p50 ${step.lagP50Ms} ms, drain ${step.drainMs} ms, server ${step.serverCores.toFixed(2)} cores`,
      );
    }
    await pool.query('truncate module_readings');
    // the dims should not pay for writing out the ingest steps' millions of rows
    await pool.query('checkpoint');

    console.log('group dim ...');
    sim = await startSimulator({
      broker: MQTT,
      city,
      intervalMs: 3_600_000,
      faults: false,
      connectTimeoutMs: 60_000,
      secrets,
    });
    await new Promise((r) => setTimeout(r, 2000));
    const dims: DimRun[] = [];
    for (let i = 0; i <= DIM_RUNS; i++) {
      const run = await groupDim(server.url, s, pool, gc._id, i % 2 ? 40 : 70);
      console.log(`  ${JSON.stringify(run)}`);
      if (i > 0) dims.push(run);
    }
    await sim.stop({ clearRetained: true });
    sim = undefined;
    // what the hourly rollups cost the ingest: the goal rate on a server with them and on one without, in turn, each
    // on an empty history, so neither pays for the other's rows
    const rollups: { on: boolean; step: Step }[] = [];
    let current = server;
    for (const on of [true, false, true, false]) {
      await stopNode(current.child);
      current = await startNode(
        'server',
        'apps/server/src/main.ts',
        { ...serverEnv, ENERGY_ROLLUPS: on ? '1' : '0' },
        '/health',
      );
      await pool.query('truncate module_readings, module_hours, module_days');
      await pool.query('checkpoint');
      console.log(`ingest at ${ROLLUP_RATE} readings/s, rollups ${on ? 'on' : 'off'} ...`);
      const step = await ingestStep({
        brokerUrl: MQTT,
        pool,
        serverUrl: current.url,
        serverPid: current.child.pid!,
        templates: ts,
        rate: ROLLUP_RATE,
        seconds: SECONDS,
        secrets,
        ...(auth && { brokerLog: auth.log, serverClientId: auth.server.username }),
      });
      rollups.push({ on, step });
      console.log(
        `  stored ${step.stored}/${step.sent}, sustained ${Math.round(step.sustained)}/s, lag p50 ${step.lagP50Ms} ms`,
      );
    }
    const report = {
      rollups,
      machine: m,
      steps,
      broker,
      copy,
      dims,
      fleet: { controllers: CONTROLLERS, modules: CONTROLLERS * PER_CONTROLLER },
      secondsPerStep: SECONDS,
      goalRate: 50_000,
      goalDimMs: 3000,
      auth: AUTH,
      notes: (process.env.BENCH_FIELD_NOTES ?? '').split('|').filter(Boolean),
    };
    console.log(`\n${stepsTable(report)}\n\n${dimTable(dims)}\n`);
    if (process.env.BENCH_FIELD_WRITE !== '0') {
      await writeSection(DOC, render(report));
      console.log(`Wrote ${path.relative(ROOT, DOC)}`);
    }
  } finally {
    await sim?.stop({ clearRetained: true });
    await pool.end();
    await database.close();
    await stopAll();
    await stopBroker?.();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query('drop database if exists sl_bench_field with (force)');
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    killAllNow();
    process.exit(1);
  },
);
