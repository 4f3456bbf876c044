// bench:import — an inventory file of ROWS mountings (100,000 by default, the size issue 15 names) through
// `POST /api/v2/import/LuminarySupports` of the server process on PostgreSQL: a dry run, then the import, each
// streamed as NDJSON progress. Baseline, measured in the same run: the same mountings written one request at a
// time through `POST /api/v1/LuminarySupports`, the way an integration without the import writes them, on a
// sample of BASELINE rows. The server's peak memory (VmHWM) is read before and after.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machine, writeSection } from '../api/report.ts';
import { recreateDatabase } from '../api/load.ts';
import { ROOT, startNode, stopAll } from '../api/processes.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { call, signIn, type Session } from '../field/dim.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.ROWS ?? 100_000);
const BASELINE = Number(process.env.BASELINE ?? 1000);
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const columns = {
  uid: 'pole',
  street: 'street',
  cabinet: 'cabinet',
  'location.lon': 'lon',
  'location.lat': 'lat',
};

/** ROWS mountings around Cambridge, a hundred to each of the file's cabinets. */
function file(prefix: string, n: number): string {
  const lines = ['pole,street,cabinet,lon,lat'];
  for (let i = 0; i < n; i++) {
    const lon = (-71.16 + (i % 400) * 0.0002).toFixed(6);
    const lat = (42.35 + Math.floor(i / 400) * 0.0001).toFixed(6);
    lines.push(`${prefix}-${i},Street ${i % 997},CAB-${Math.floor(i / 100) % 50},${lon},${lat}`);
  }
  return lines.join('\n');
}

type Step = {
  progress?: { stage: string; done: number; total: number };
  result?: { imported: number; problems: unknown[] };
};

/** One import, its progress lines timed as they arrive. */
async function streamed(url: string, s: Session, content: string, dryRun: boolean) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v2/import/LuminarySupports`, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ format: 'csv', content, columns, dryRun }),
  });
  if (!res.ok || !res.body) throw new Error(`import: ${res.status} ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let firstProgressMs = 0;
  let checkedMs = 0;
  let steps = 0;
  let last: Step = {};
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      last = JSON.parse(line) as Step;
      const at = performance.now() - t0;
      if (last.progress) {
        steps += 1;
        firstProgressMs ||= at;
        if (last.progress.stage === 'check' && last.progress.done === last.progress.total) checkedMs = at;
      }
    }
  }
  const totalMs = performance.now() - t0;
  if (!last.result || last.result.problems.length)
    throw new Error(`import answered ${JSON.stringify(last).slice(0, 500)}`);
  return { totalMs, firstProgressMs, checkedMs, steps, imported: last.result.imported };
}

const peakKb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_import' }).toString();
  await recreateDatabase(ADMIN_URL, benchUrl);
  const env = { DATABASE_URL: benchUrl, MQTT_PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', ADMIN_PASSWORD };
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  try {
    const { url, child } = await startNode('server', 'apps/server/src/main.ts', env, '/health');
    const s = await signIn(url, ADMIN_PASSWORD);
    for (let c = 0; c < 50; c++) await call(url, s, 'POST', '/api/v1/Cabinets', { uid: `CAB-${c}` });
    const cabinets = await call<{ data: { _id: number; uid: string }[] }>(
      url,
      s,
      'GET',
      '/api/v1/Cabinets?limit=50',
    );
    const cabinetOf = new Map(cabinets.data.map((c) => [c.uid, c._id]));

    // baseline: one request per mounting
    const b0 = performance.now();
    for (let i = 0; i < BASELINE; i++)
      await call(url, s, 'POST', '/api/v1/LuminarySupports', {
        uid: `ONE-${i}`,
        street: `Street ${i % 997}`,
        cabinet: cabinetOf.get(`CAB-${Math.floor(i / 100) % 50}`),
        location: { type: 'Point', coordinates: [-71.1, 42.36] },
      });
    const baselineMs = performance.now() - b0;

    const content = file('IMP', ROWS);
    const rssBefore = rssKb(child.pid!);
    const dry = await streamed(url, s, content, true);
    const run = await streamed(url, s, content, false);
    const rssAfter = rssKb(child.pid!);
    const peak = peakKb(child.pid!);
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from luminary_supports where uid like 'IMP-%'`,
    );
    if (rows[0]!.n !== ROWS) throw new Error(`${rows[0]!.n} of ${ROWS} mountings stored`);
    const { rows: logged } = await pool.query<{ n: number }>(
      `select count(*)::int as n from change_log where entity = 'LuminarySupports' and action = 'create'`,
    );
    const { rows: version } = await pool.query<{ v: string }>(`select split_part(version(), ' ', 2) as v`);
    const result = {
      baselineMs,
      dry,
      run,
      rssBefore,
      rssAfter,
      peak,
      logged: logged[0]!.n,
      bytes: Buffer.byteLength(content),
      pg: version[0]!.v,
      load: os.loadavg()[0]!,
    };
    console.log(JSON.stringify(result, null, 1));
    await writeSection(DOC, render(result));
  } finally {
    await pool.end();
    await stopAll();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query('drop database if exists sl_bench_import with (force)');
    await admin.end();
  }
}

type Run = Awaited<ReturnType<typeof streamed>>;
type Result = {
  baselineMs: number;
  dry: Run;
  run: Run;
  rssBefore: number;
  rssAfter: number;
  peak: number;
  logged: number;
  bytes: number;
  pg: string;
  load: number;
};

function render(r: Result): string {
  const m = machine(`PostgreSQL ${r.pg}`);
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rate = (rows: number, ms: number) => `${n((rows / ms) * 1000)} rows/s`;
  const mb = (kb: number) => `${n(kb / 1024)} MB`;
  const baselineRate = (BASELINE / r.baselineMs) * 1000;
  const importRate = (ROWS / r.run.totalMs) * 1000;
  return [
    '## Inventory import (bench:import)',
    'Written by `bench/import/run.ts`; rerunning replaces this section.',
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- Command: \`${ROWS === 100_000 ? '' : `ROWS=${ROWS} `}npm run bench:import\``,
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory, ${m.cpu}; Node ${m.node}; ${m.postgres}; one-minute load average at the end ${r.load.toFixed(1)}. The numbers are one run.`,
      `- File: ${n(ROWS)} mountings as CSV (${mb(r.bytes / 1024)}: uid, street, cabinet by its uid, longitude, latitude), imported by the admin through the server process (\`apps/server/src/main.ts\`) on 127.0.0.1, with \`Accept: application/x-ndjson\` (progress lines, then the answer).`,
      `- Baseline, in the same run: ${n(BASELINE)} mountings created one request each (\`POST /api/v1/LuminarySupports\`).`,
    ].join('\n'),
    [
      '| measure | rows | time | rate | first progress | every row checked | progress lines |\n| --- | --: | --: | --: | --: | --: | --: |',
      `| baseline: one POST per mounting | ${n(BASELINE)} | ${s(r.baselineMs)} | ${n(baselineRate)} rows/s | – | – | – |`,
      `| dry run (checked, written, rolled back) | ${n(ROWS)} | ${s(r.dry.totalMs)} | ${rate(ROWS, r.dry.totalMs)} | ${s(r.dry.firstProgressMs)} | ${s(r.dry.checkedMs)} | ${r.dry.steps} |`,
      `| import | ${n(r.run.imported)} | **${s(r.run.totalMs)}** | ${rate(ROWS, r.run.totalMs)} | ${s(r.run.firstProgressMs)} | ${s(r.run.checkedMs)} | ${r.run.steps} |`,
    ].join('\n'),
    [
      `- **The import writes ${(importRate / baselineRate).toFixed(1)}× as many rows a second as the baseline**; at the baseline's rate the file would take ${s((ROWS / baselineRate) * 1000)}.`,
      `- Every imported mounting has its entry in the change log (${n(r.logged)} create entries, baseline rows included).`,
      `- Server memory: resident ${mb(r.rssBefore)} before the dry run, ${mb(r.rssAfter)} after the import; peak (VmHWM) ${mb(r.peak)}. The file is read whole (its body is one JSON request of up to 64 MB), so memory grows with the file, not with the table.`,
    ].join('\n'),
  ].join('\n\n');
}

await main();
