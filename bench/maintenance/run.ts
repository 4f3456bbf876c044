// bench:maintenance — issue 32's storm: BENCH_EVENTS (default 100,000) open events (bench:map's city of lamp posts
// with nothing in their sockets, 50 to a cabinet: one SOCKET_ON_SUPPORT_IS_FREE event each) made into work orders in
// one dispatcher's request on a fresh PostgreSQL database, one order per street and cabinet. Measured: how long the
// request takes, how many orders it made, and the dispatcher's list (its first page, by due date), the map's summary
// and the dispatcher's board, p50/p99 over BENCH_PROBE_S seconds before the storm, during it and after it.
// BENCH_SERVER_ROOT runs another checkout's server against the same city.
import path from 'node:path';
import pg from 'pg';
import { load, recreateDatabase } from '../api/load.ts';
import { ROOT, startNode, stopAll } from '../api/processes.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PROBE_S = Number(process.env.BENCH_PROBE_S ?? 10);
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;

async function signIn(url: string) {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf='))!.slice(5);
  return { cookie: cookies.join('; '), 'x-csrf-token': decodeURIComponent(csrf) };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Asks `path` again and again until `until` resolves; each answer's time, ms, sorted. */
async function probe(url: string, headers: Record<string, string>, paths: string[], until: Promise<unknown>) {
  const times: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  let done = false;
  // (a rejected `until` is the caller's to report: handled here, it must not end the process before its servers)
  const stop = () => (done = true);
  void until.then(stop, stop);
  await Promise.all(
    paths.map(async (p) => {
      while (!done) {
        const t = performance.now();
        const res = await fetch(url + p, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        times[p]!.push(performance.now() - t);
      }
    }),
  );
  return Object.fromEntries(
    Object.entries(times).map(([p, t]) => {
      const sorted = t.sort((a, b) => a - b);
      return [p, { n: t.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) }];
    }),
  );
}

const show = (label: string, r: Record<string, { n: number; p50: number; p99: number }>) =>
  Object.entries(r)
    .map(
      ([p, v]) => `  ${label} ${p}: ${v.n} answers, p50 ${v.p50.toFixed(0)} ms, p99 ${v.p99.toFixed(0)} ms`,
    )
    .join('\n');

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_maintenance' }).toString();
  console.log(`Loading ${EVENTS.toLocaleString('en-US')} lamp posts into ${benchUrl} ...`);
  await recreateDatabase(ADMIN_URL, benchUrl);
  await load(benchUrl, EVENTS, 50);
  const server = await startNode(
    'server',
    path.join(SERVER_ROOT, 'apps/server/src/main.ts'),
    {
      DATABASE_URL: benchUrl,
      ADMIN_PASSWORD,
      DEMO: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      OFFLINE_SWEEP_S: '5',
    },
    '/health',
  );
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    for (const t0 = performance.now(); ;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from important_events where status = 'OPEN'`,
      );
      if (rows[0]!.n >= EVENTS) break;
      if (performance.now() - t0 > 600_000) throw new Error(`only ${rows[0]!.n} events open after 600 s`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    const { rows: events } = await client.query<{ _id: string }>(
      `select _id from important_events where status = 'OPEN' order by _id limit $1`,
      [EVENTS],
    );
    const headers = await signIn(server.url);
    // the dispatcher's list, the map's summary, and the dispatcher's board (its map and lanes: every open order)
    const paths = [
      '/api/v1/WorkOrders?limit=25&sort=dueDate&order=ASC',
      '/api/v2/map/summary',
      '/api/v2/work-orders/dispatch',
    ];
    const quiet = await probe(server.url, headers, paths, new Promise((r) => setTimeout(r, PROBE_S * 1000)));
    const t = performance.now();
    const storm = fetch(`${server.url}/api/v2/work-orders/from-events`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ events: events.map((e) => Number(e._id)) }),
    }).then(async (res) => {
      const body = (await res.json()) as { result?: { created: unknown[] } };
      if (!res.ok) throw new Error(`from-events: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, orders: body.result!.created.length };
    });
    const during = await probe(server.url, headers, paths, storm);
    const made = await storm;
    // the board holds no order before the storm: its usual answer is the one after, with every order made
    const after = await probe(server.url, headers, paths, new Promise((r) => setTimeout(r, PROBE_S * 1000)));
    console.log(
      `${events.length.toLocaleString('en-US')} open events → ${made.orders.toLocaleString('en-US')} work orders in ` +
        `${(made.ms / 1000).toFixed(2)} s (server ${SERVER_ROOT})\n${show('quiet ', quiet)}\n${show('during', during)}\n${show('after ', after)}`,
    );
  } finally {
    await client.end();
    await stopAll();
  }
}

await main();
