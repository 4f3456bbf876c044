import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import * as prettier from 'prettier';
import type { Loaded } from './load.ts';
import { CONNECTIONS, DURATION_S, WARMUP_S, type Measured } from './scenarios.ts';

export type Machine = { cores: string; memory: string; cpu: string; node: string; postgres: string };

export function machine(postgresVersion: string): Machine {
  const free = execFileSync('free', ['-g'], { encoding: 'utf8' });
  const total = /^Mem:\s+(\d+)/m.exec(free)?.[1] ?? '?';
  return {
    cores: execFileSync('nproc', { encoding: 'utf8' }).trim(),
    memory: `${total} GiB`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    postgres: postgresVersion,
  };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const scans = (n: number) => (n === 0 ? '0' : n < 10 ? n.toFixed(1) : n.toFixed(0));
// two significant digits, so a small ratio does not print as 0.00
const ratio = (x: number) => String(Number(x.toPrecision(2)));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function table(results: Measured[]): string {
  const baseline = results.find((r) => r.scenario.baseline)!;
  const rows = results.map((r) =>
    [
      r.scenario.name,
      `\`${r.scenario.shows}\``,
      ms(r.p50),
      ms(r.p99),
      int(r.rps),
      r === baseline ? '1' : ratio(r.rps / baseline.rps),
      int(r.non2xx),
      int(r.errors),
      scans(r.fullScans),
    ].join(' | '),
  );
  return [
    'scenario | request | p50 ms | p99 ms | req/s (mean) | req/s ÷ baseline | non-2xx | errors | full scans',
    '--- | --- | --: | --: | --: | --: | --: | --: | --:',
    ...rows,
  ]
    .map((line) => `| ${line} |`)
    .join('\n');
}

const HEADING = '## API (bench:api)';

export type Report = {
  results: Measured[];
  loaded: Loaded;
  loadSeconds: number;
  machine: Machine;
  perCabinet: number;
  goalMs: number;
  /** The API asked for a session, so every request carried the admin's cookie. */
  signedIn: boolean;
};

/** The doc section, one paragraph a line (writeSection wraps them). */
export function render(r: Report): string {
  const { results, loaded, loadSeconds, machine: m, perCabinet, goalMs, signedIn } = r;
  const by = (prefix: string) => results.find((r) => r.scenario.name.startsWith(prefix))!;
  const [a, b] = [by('(a)'), by('(b)')];
  const d = results.find((r) => r.scenario.baseline)!;
  const n = (x: number) => x.toLocaleString('en-US');
  const cabinets = loaded.cabinetIds.length;
  const cycleSeconds = cabinets / b.rps;
  const cached =
    cycleSeconds > 2
      ? 'so every count there is a cache miss'
      : 'which is within the 2 s, so some of its counts were cached';
  const listScans =
    a.fullScans === 0
      ? '(a) caused none: its total is kept, never counted.'
      : `(a) caused ${scans(a.fullScans)} where none are expected (its total is kept): something counted the table.`;
  return [
    HEADING,
    'Written by `bench/api/run.ts`; rerunning replaces this section.',
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '- Command: `npm run bench:api`',
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory (\`free -g\`), ${m.cpu}; Node ${m.node}; ${m.postgres}`,
      `- Data: ${n(loaded.posts)} lamp posts in \`luminary_supports\` (the Cambridge positions in \`inventories/\`, the city copied side by side on a grid), ${n(cabinets)} cabinets of ${perCabinet} neighbouring posts each, one group. Load time (drop and create the database, migrations, batched \`insert ... select from unnest(...)\`, \`vacuum analyze\`): **${loadSeconds.toFixed(1)} s**.`,
      `- Load: autocannon in the bench process, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up (discarded) then ${DURATION_S} s per scenario, one scenario at a time, all on 127.0.0.1. The server runs as \`node --import tsx apps/server/src/main.ts\` with \`LOG_LEVEL=warn\` and its default PostgreSQL pool of 10${signedIn ? '; the API asked for a session, so every request to it carries the session cookie of the admin user' : '; the API asked for no sign-in'}. Load generator, server, baseline and PostgreSQL share the same ${m.cores} cores.`,
    ].join('\n'),
    table(results),
    [
      `- **Goal p99 ≤ ${goalMs} ms for the list page (a): ${a.p99 <= goalMs ? 'met' : 'not met'}** (p99 ${ms(a.p99)} ms).`,
      `- Against the baseline (d), a bare Fastify 5 server serving the same 10 rows without database, schema or hooks, the list page reaches ${pct(a.rps / d.rps)} of its requests per second, with p50 ${ms(a.p50)} ms against ${ms(d.p50)} ms.`,
      `- **Totals.** Each list response carries \`total\`. A list without filters, as (a), reads it from \`live_counts\`, a count per table and group that triggers keep as rows are added, deleted or moved (\`apps/server/src/db/live-counts.ts\`), in the same statement as its rows: exact, and nothing is counted. A filtered list counts its matching rows, and the server keeps each such total per distinct query in process (\`apps/server/src/entities/count-cache.ts\`) for 2 s, or 20 times as long as it took to count. (e) is the list page with a filter that matches all ${n(loaded.posts)} rows but differs per request, so every request counts them all: what a filtered list over the whole table costs when that cache cannot help. (b) draws cabinet ids without replacement from a shuffled list of all ${n(cabinets)}, so an id comes back only after ${cycleSeconds.toFixed(1)} s at the measured rate, ${cached}; those counts use the cabinet index and touch about ${perCabinet} rows each.`,
      `- *Full scans* is how many times the run read the whole table sequentially: the rows \`pg_stat_user_tables.seq_tup_read\` grew by, divided by the table's rows, counted until the queries the run left queued in the server had finished (the bench waits for them before the next scenario). Every uncached count of the whole table is one. ${listScans}`,
      "- Non-2xx and errors (connection errors and timeouts, autocannon's default 10 s) should be 0; any other value means the numbers above include failures. Each row is a single 10 s run on a shared machine: rerun before reading much into small differences.",
    ].join('\n'),
  ].join('\n\n');
}

const pct = (x: number) => `${Number((x * 100).toPrecision(2))} %`;

const INTRO = `# Benchmarks

Measured numbers for the console. Each section is written by the script named in its heading, so rerunning
that script replaces its section; compare runs with \`git diff\`.
`;

/** Writes `section` (which starts with the heading) in place of the old one, wrapped and formatted as prettier would. */
export async function writeSection(file: string, unwrapped: string): Promise<void> {
  const options = await prettier.resolveConfig(file);
  const section = (
    await prettier.format(unwrapped, { ...options, parser: 'markdown', proseWrap: 'always' })
  ).trimEnd();
  const old = existsSync(file) ? readFileSync(file, 'utf8') : INTRO;
  // the section's own heading, so other benches can write theirs
  const heading = section.split('\n')[0]!;
  const start = old.indexOf(heading);
  let text: string;
  if (start < 0) text = `${old.trimEnd()}\n\n${section}\n`;
  else {
    const next = old.indexOf('\n## ', start + heading.length);
    text = `${old.slice(0, start)}${section}\n${next < 0 ? '' : old.slice(next)}`;
  }
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
