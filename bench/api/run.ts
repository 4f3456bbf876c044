import path from 'node:path';
import { load, recreateDatabase, type Loaded } from './load.ts';
import { Probe } from './probe.ts';
import { killAllNow, ROOT, startNode, stopAll } from './processes.ts';
import { ADMIN_PASSWORD, sessionHeaders } from './session.ts';
import { machine, render, table, writeSection } from './report.ts';
import {
  DURATION_S,
  measure,
  seeded,
  shuffledCycle,
  WARMUP_S,
  type Measured,
  type Scenario,
} from './scenarios.ts';

// npm run bench:api: loads a million lamp posts into a fresh database, starts the server and a bare Fastify
// baseline as child processes, measures them with autocannon and writes the results to docs/benchmarks.md.

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const PER_CABINET = 200;
const GOAL_P99_MS = 30;
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const LIST = '/api/v1/LuminarySupports';

const watchdog = setTimeout(() => {
  console.error('bench:api: still running after 9 minutes, giving up');
  killAllNow();
  process.exit(1);
}, 9 * 60_000);
watchdog.unref();
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench' }).toString();
  console.log(`Loading ${POSTS.toLocaleString('en-US')} lamp posts into ${benchUrl} ...`);
  const t0 = performance.now();
  await recreateDatabase(ADMIN_URL, benchUrl);
  const loaded = await load(benchUrl, POSTS, PER_CABINET);
  const loadSeconds = (performance.now() - t0) / 1000;
  console.log(`Loaded in ${loadSeconds.toFixed(1)} s`);

  const server = await startNode('server', 'apps/server/src/main.ts', serverEnv(benchUrl), '/health');
  const headers = await sessionHeaders(server.url, `${LIST}?limit=1`);
  const sample = await check(server.url, headers, loaded);
  const baseline = await startNode(
    'baseline',
    'bench/api/baseline.ts',
    { BASELINE_PAGE: JSON.stringify(sample) },
    '/health',
  );

  const probe = await Probe.open(benchUrl);
  const m = machine(await probe.version());
  const results: Measured[] = [];
  try {
    for (const s of buildScenarios(server.url, headers, baseline.url, loaded)) {
      console.log(`${s.name}: ${WARMUP_S} s warm-up + ${DURATION_S} s ...`);
      const r = await measure(s, probe, loaded.posts);
      if (r.drainMs > 1000) console.log(`  its backlog took ${(r.drainMs / 1000).toFixed(1)} s to drain`);
      results.push(r);
    }
  } finally {
    await probe.close();
  }
  await stopAll();

  console.log(`\n${table(results)}\n`);
  await writeSection(
    DOC,
    render({
      results,
      loaded,
      loadSeconds,
      machine: m,
      perCabinet: PER_CABINET,
      goalMs: GOAL_P99_MS,
      signedIn: 'cookie' in headers,
    }),
  );
  console.log(`Wrote ${path.relative(ROOT, DOC)}`);
}

function serverEnv(benchUrl: string): Record<string, string> {
  // DEMO=0 even if the caller's shell sets it: demo data would change what the pages return.
  return { DATABASE_URL: benchUrl, LOG_LEVEL: 'warn', MQTT_PORT: '0', DEMO: '0', ADMIN_PASSWORD };
}

/** One request of each kind before measuring, so a run that only measures error pages fails loudly. */
async function check(server: string, headers: Record<string, string>, loaded: Loaded): Promise<unknown> {
  const get = async (p: string) => {
    const res = await fetch(server + p, { headers });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { total?: number; data?: unknown[]; _id?: number };
  };
  const page = await get(`${LIST}?skip=0&limit=10`);
  if (page.total !== loaded.posts || page.data?.length !== 10)
    throw new Error(`list page: total ${page.total}, ${page.data?.length} rows`);
  const cabinet = await get(`${LIST}?cabinet=${loaded.cabinetIds[0]}&limit=10`);
  if (cabinet.total !== PER_CABINET) throw new Error(`cabinet page: total ${cabinet.total}`);
  const one = await get(`${LIST}/${loaded.postIds.max}`);
  if (one._id !== loaded.postIds.max) throw new Error(`by id: got ${one._id}`);
  return page;
}

function buildScenarios(
  server: string,
  headers: Record<string, string>,
  baseline: string,
  loaded: Loaded,
): Scenario[] {
  const nextCabinet = shuffledCycle(loaded.cabinetIds, 1);
  const random = seeded(2);
  const { min, max } = loaded.postIds;
  let unique = 1000;
  return [
    {
      name: '(a) list page',
      shows: `${LIST}?skip=0&limit=10`,
      base: server,
      headers,
      path: () => `${LIST}?skip=0&limit=10`,
    },
    {
      name: '(b) filtered page, count not cached',
      shows: `${LIST}?cabinet=<random>&limit=10`,
      base: server,
      headers,
      path: () => `${LIST}?cabinet=${nextCabinet()}&limit=10`,
    },
    {
      name: '(c) by id',
      shows: `${LIST}/<random>`,
      base: server,
      headers,
      path: () => `${LIST}/${min + Math.floor(random() * (max - min + 1))}`,
    },
    {
      name: '(d) baseline: bare Fastify, the same 10 rows',
      shows: '/page',
      baseline: true,
      base: baseline,
      headers: {},
      path: () => '/page',
    },
    {
      name: '(e) list page, count not cached',
      shows: `${LIST}?skip=0&limit=10&socketCount_lte=<unique>`,
      base: server,
      headers,
      path: () => `${LIST}?skip=0&limit=10&socketCount_lte=${unique++}`,
    },
  ];
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopAll();
  clearTimeout(watchdog);
}
