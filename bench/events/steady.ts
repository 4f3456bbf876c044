// bench:events:steady — what the event detector costs a running console between changes: BENCH_POSTS (default
// 1,000,000) lamp posts with no lamp in their sockets (bench:map's city: a million free sockets, a million open
// SOCKET_ON_SUPPORT_IS_FREE events), the server on a fresh PostgreSQL database with the detection every 10 s.
// Once the first pass has opened the events, the CPU the PostgreSQL server and the console's process use over
// BENCH_STEADY_S (default 60) is read from /proc (the database runs on this machine), per pass. BENCH_SERVER_ROOT
// runs another checkout's server (a baseline commit in a git worktree) against the same city.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { load, recreateDatabase } from '../api/load.ts';
import { ROOT, startNode, stopAll } from '../api/processes.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const STEADY_S = Number(process.env.BENCH_STEADY_S ?? 60);
const SWEEP_S = 10;
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
const TICK_S = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of the processes whose command line matches, now. */
function cpuOf(match: (cmdline: string, pid: number) => boolean): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!match(cmdline, Number(pid))) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICK_S;
}

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_steady' }).toString();
  console.log(`Loading ${POSTS.toLocaleString('en-US')} lamp posts into ${benchUrl} ...`);
  await recreateDatabase(ADMIN_URL, benchUrl);
  await load(benchUrl, POSTS, 50);
  const server = await startNode(
    'server',
    path.join(SERVER_ROOT, 'apps/server/src/main.ts'),
    {
      DATABASE_URL: benchUrl,
      ADMIN_PASSWORD,
      DEMO: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      OFFLINE_SWEEP_S: String(SWEEP_S),
    },
    '/health',
  );
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from important_events where type = 'SOCKET_ON_SUPPORT_IS_FREE'`,
      );
      if (rows[0]!.n >= POSTS) break;
      if (performance.now() - t0 > 600_000)
        throw new Error(`only ${rows[0]!.n} free sockets open after 600 s`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    console.log(
      `first pass: the free sockets' events open after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    // the pass that opened them is over, and the one after it
    await new Promise((r) => setTimeout(r, 2 * SWEEP_S * 1000));
    const postgres = () => cpuOf((cmd) => cmd.startsWith('postgres'));
    const console_ = () => cpuOf((_, pid) => pid === server.child.pid);
    const before = { postgres: postgres(), server: console_() };
    await new Promise((r) => setTimeout(r, STEADY_S * 1000));
    const used = { postgres: postgres() - before.postgres, server: console_() - before.server };
    const passes = STEADY_S / SWEEP_S;
    console.log(
      `steady, ${STEADY_S} s (${passes} passes of the detection every ${SWEEP_S} s), server ${SERVER_ROOT}:\n` +
        `  PostgreSQL ${used.postgres.toFixed(1)} s of CPU (${(used.postgres / passes).toFixed(2)} s a pass)\n` +
        `  console's process ${used.server.toFixed(1)} s of CPU (${(used.server / passes).toFixed(2)} s a pass)`,
    );
  } finally {
    await client.end();
    await stopAll();
  }
}

await main();
