// The first minutes of `npm start`: /health polled every half second and a list page every 5 s, from the moment the
// process starts, on a fresh embedded database with the demo city (seeded, its 47 controllers connecting and
// reporting), then on a restart of the same data; beside a baseline measured in the same run, the server with nothing
// to do (no demo, fresh database). Also the CPU the settled demo takes. Results into docs/benchmarks.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { machine, writeSection } from '../api/report.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const WATCH_S = Number(process.env.BENCH_STARTUP_S ?? 300);
const CPU_WINDOW_S = Math.min(120, Math.floor(WATCH_S / 2));
const PASSWORD = 'Bench-start-2026';

type Run = {
  name: string;
  firstHealthS: number;
  health: number[];
  healthBad: number;
  page: number[];
  pageBad: number;
  cpuPercent: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(env: Record<string, string>): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', MQTT_PORT: '0', PORT: '0', ADMIN_PASSWORD: PASSWORD, ...env },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const port = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { listening?: number }) => m.listening !== undefined && resolve(m.listening));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port };
}

/** user + system CPU seconds of a process so far (Linux) */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timed(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.ok };
  } catch {
    return { ms: performance.now() - t0, ok: false };
  }
}

async function measure(name: string, env: Record<string, string>): Promise<Run> {
  const began = performance.now();
  const { child, port } = start(env);
  const url = `http://127.0.0.1:${await port}`;
  const firstHealthS = (performance.now() - began) / 1000;
  const signIn = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const run: Run = { name, firstHealthS, health: [], healthBad: 0, page: [], pageBad: 0, cpuPercent: 0 };
  const until = began + WATCH_S * 1000;
  let cpuFrom: { at: number; cpu: number } | undefined;
  let nextPage = 0;
  while (performance.now() < until) {
    const h = await timed(`${url}/health`);
    run.health.push(h.ms);
    if (!h.ok) run.healthBad += 1;
    if (performance.now() >= nextPage) {
      nextPage = performance.now() + 5000;
      const p = await timed(`${url}/api/v1/LuminarySupports?skip=0&limit=25`, { cookie });
      run.page.push(p.ms);
      if (!p.ok) run.pageBad += 1;
    }
    if (!cpuFrom && performance.now() >= until - CPU_WINDOW_S * 1000)
      cpuFrom = { at: performance.now(), cpu: await cpuSeconds(child.pid!) };
    await sleep(500);
  }
  if (cpuFrom) {
    const cpu = (await cpuSeconds(child.pid!)) - cpuFrom.cpu;
    run.cpuPercent = (100 * cpu) / ((performance.now() - cpuFrom.at) / 1000);
  }
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
  return run;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sl-bench-startup-'));
const emptyDir = await mkdtemp(path.join(os.tmpdir(), 'sl-bench-startup-empty-'));
const runs: Run[] = [];
try {
  runs.push(await measure('baseline: no demo, fresh database', { DEMO: '0', DATA_DIR: emptyDir }));
  runs.push(await measure('demo, fresh database (first `npm start`)', { DEMO: '1', DATA_DIR: dataDir }));
  runs.push(await measure('demo, restart on the same data', { DEMO: '1', DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await rm(emptyDir, { recursive: true, force: true });
}
for (const r of runs)
  console.log(
    r.name,
    'health max',
    Math.round(Math.max(...r.health)),
    'page max',
    Math.round(Math.max(...r.page)),
  );

const m = machine('none (PGlite)');
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' / ');
const rows = runs.map((r) =>
  [
    r.name,
    r.firstHealthS.toFixed(1),
    r.health.length,
    ms(pct(r.health, 50)),
    ms(pct(r.health, 99)),
    ms(Math.max(...r.health)),
    r.healthBad,
    ms(pct(r.page, 50)),
    ms(Math.max(...r.page)),
    r.pageBad,
    r.cpuPercent.toFixed(1),
  ].join(' | '),
);
const section = `## First minutes (bench:startup)

Written by \`bench/startup/run.ts\`; rerunning replaces this section.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Command: \`npm run bench:startup\` (\`BENCH_STARTUP_S\`, default 300: how long each start is watched)
- Machine: ${m.cores} cores, ${m.memory} memory, ${m.cpu}; Node ${m.node}; the embedded database (PGlite, in a thread of its own) and broker, as \`npm start\` runs them. Load average at the end (1 / 5 / 15 min): ${load}.
- Each start is watched for ${WATCH_S} s from the moment the process is spawned: \`/health\` polled every 0.5 s (the next poll after the answer), and the first page of mountings (\`/api/v1/LuminarySupports?skip=0&limit=25\`, signed in as the admin) every 5 s. CPU is the server process's user and system time over the last ${CPU_WINDOW_S} s of its watch. The baseline is the same server with nothing to do, measured in the same run.

| start | listening after s | polls | /health p50 ms | p99 ms | max ms | /health not 200 | page p50 ms | page max ms | page not 200 | CPU % of a core |
| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
${rows.join('\n')}

- **Goal: /health under 1 s at every poll through the first 5 minutes: ${runs.every((r) => Math.max(...r.health) < 1000 && r.healthBad === 0) ? 'met' : 'not met'}.** Goal: the settled demo under 10 % of a core: ${runs.slice(1).every((r) => r.cpuPercent < 10) ? 'met' : 'not met'}.
`;
await writeSection(DOC, section);
console.log(`Wrote ${path.relative(ROOT, DOC)}`);
