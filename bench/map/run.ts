import { execSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { load, recreateDatabase } from '../api/load.ts';
import { posts } from '../api/posts.ts';
import { killAllNow, ROOT, startNode, stopAll } from '../api/processes.ts';
import { machine } from '../api/report.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { cpuMeter } from '../field/cpu.ts';
import { leafletPage } from './leaflet-page.ts';
import { launch, measure, type Measurement } from './measure.ts';
import { writeSection } from '../api/report.ts';
import { render, type CityResult } from './report.ts';

// npm run bench:map: for 100,000 and 1,000,000 lamp posts (real positions, replicated), loads a city into a fresh
// PostgreSQL database, starts the server, and measures the console's map in headless Chromium beside a Leaflet +
// leaflet.markercluster page on the same points. Writes the numbers into docs/benchmarks.md.

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COUNTS = (process.env.BENCH_MAP_POSTS ?? '100000,1000000').split(',').map(Number);
const PER_CABINET = 200;
const RUNS = 3;
const MAPLIBRE_CAP_MS = 30_000;
const LEAFLET_CAP_MS = Number(process.env.BENCH_LEAFLET_CAP_MS ?? 60_000);
const DIST = '/tmp/sl-bench-map-dist';
const DOC = path.join(ROOT, 'docs/benchmarks.md');

const watchdog = setTimeout(() => {
  console.error('bench:map: still running after 25 minutes, giving up');
  killAllNow();
  process.exit(1);
}, 25 * 60_000);
watchdog.unref();
process.on('exit', killAllNow);

function pointsOf(count: number): Float64Array {
  const out = new Float64Array(count * 2);
  let i = 0;
  for (const p of posts(count, PER_CABINET)) {
    out[i++] = p.lat;
    out[i++] = p.lon;
  }
  return out;
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("select split_part(version(), ' on ', 1) v");
    return rows[0]!.v;
  } finally {
    await client.end();
  }
}

const median = (runs: Measurement[]) =>
  [...runs].sort((a, b) => (a.firstMarkersMs ?? Infinity) - (b.firstMarkersMs ?? Infinity))[
    Math.floor(runs.length / 2)
  ]!;

/** longer than the bench's time with the server of one city */
const SWEEP_S = 900;
const SETTLED_CORES = 0.2;
const SETTLE_WINDOW_MS = 2000;
const SETTLE_CAP_MS = 240_000;

/**
 * Waits until the server has done its start-up work on a new city (the event detector's first pass opens an
 * event for every free socket: a million at 1,000,000 posts): the map is measured as an operator opens it on a
 * running console, not during that pass (bench:startup measures the first minutes). Returns when, since `from`.
 */
async function settled(pid: number, from: number): Promise<number> {
  const deadline = performance.now() + SETTLE_CAP_MS;
  while (performance.now() < deadline) {
    const meter = cpuMeter(pid);
    await new Promise((r) => setTimeout(r, SETTLE_WINDOW_MS));
    // the pass's work is mostly the database's, in processes of its own: the whole machine is watched
    if (meter().machine < SETTLED_CORES) break;
  }
  return performance.now() - from;
}

async function city(count: number, browser: Awaited<ReturnType<typeof launch>>): Promise<CityResult> {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_map' }).toString();
  console.log(`Loading ${count.toLocaleString('en-US')} lamp posts into ${benchUrl} ...`);
  const t0 = performance.now();
  await recreateDatabase(ADMIN_URL, benchUrl);
  await load(benchUrl, count, PER_CABINET);
  const loadSeconds = (performance.now() - t0) / 1000;

  // the server reads every device into its map index at start, and answers /health as ready once it has
  const started = performance.now();
  const server = await startNode(
    'server',
    'apps/server/src/main.ts',
    {
      DATABASE_URL: benchUrl,
      WEB_DIST: DIST,
      ADMIN_PASSWORD,
      DEMO: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      SIGNIN_PER_MINUTE: '1000',
      // the offline sweep and the event detection not during the measurement: with every socket of a million
      // posts free, each event pass costs PostgreSQL 7-10 s (docs/benchmarks.md)
      OFFLINE_SWEEP_S: String(SWEEP_S),
    },
    '/health',
  );
  const signIn = async (page: import('playwright-core').Page) => {
    const res = await page.request.post(`${server.url}/auth/sign-in`, {
      data: { login: 'admin', password: ADMIN_PASSWORD },
    });
    if (!res.ok()) throw new Error(`sign-in: ${res.status()}`);
  };
  const indexSeconds = (performance.now() - started) / 1000;
  const probe = await browser.newContext();
  const probePage = await probe.newPage();
  await signIn(probePage);
  const summary = await probePage.request.get(`${server.url}/api/v2/map/summary`, { timeout: 300_000 });
  if (!summary.ok()) throw new Error(`map summary: ${summary.status()} ${await summary.text()}`);
  await probe.close();
  const settledSeconds = (await settled(server.child.pid!, started)) / 1000;
  console.log(`  server settled ${settledSeconds.toFixed(1)} s after start`);

  const maplibreRuns: Measurement[] = [];
  for (let i = 0; i < RUNS; i++) {
    const m = await measure(browser, 'maplibre', `${server.url}/Map`, MAPLIBRE_CAP_MS, signIn);
    console.log(
      `  console map, run ${i + 1}: first markers ${m.firstMarkersMs?.toFixed(0) ?? '-'} ms, MapLibre's ${m.mapLibreMs?.toFixed(0) ?? '-'} ms`,
    );
    maplibreRuns.push(m);
  }
  await stopAll();

  const baseline = await leafletPage(pointsOf(count));
  // a browser of its own: a page busy with a million markers may not even let its context close
  const own = await launch();
  const hardCap = LEAFLET_CAP_MS + 150_000;
  const leaflet = (await Promise.race([
    measure(own, 'leaflet', baseline.url, LEAFLET_CAP_MS),
    new Promise<undefined>((r) => setTimeout(() => r(undefined), hardCap).unref()),
  ])) ?? { capMs: LEAFLET_CAP_MS };
  void own.close().catch(() => undefined);
  console.log(
    `  Leaflet baseline: first markers ${leaflet.firstMarkersMs?.toFixed(0) ?? `> ${LEAFLET_CAP_MS}`} ms`,
  );
  await baseline.close();
  return {
    count,
    loadSeconds,
    indexSeconds,
    settledSeconds,
    maplibre: median(maplibreRuns),
    maplibreFirst: maplibreRuns.map((r) => r.firstMarkersMs),
    leaflet,
  };
}

async function main() {
  console.log('Building the console ...');
  execSync(`npx vite build --logLevel error --emptyOutDir --outDir ${DIST}`, {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  const browser = await launch();
  const results: CityResult[] = [];
  try {
    for (const count of COUNTS) results.push(await city(count, browser));
  } finally {
    await browser.close();
    await stopAll();
  }
  const text = render(results, {
    runs: RUNS,
    perCabinet: PER_CABINET,
    machine: machine(await postgresVersion()),
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    load: os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / '),
  });
  console.log(`\n${text}\n`);
  // other counts are trials of the bench itself, not numbers for the record
  if (process.env.BENCH_MAP_POSTS) return;
  await writeSection(DOC, text);
  console.log(`Wrote ${path.relative(ROOT, DOC)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
