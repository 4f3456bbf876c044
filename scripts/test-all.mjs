// Runs every suite and ends with one line "N passed, N failed" summing them all.
// Always: unit tests and the HTTP suite on PGlite, and the screens. With DATABASE_URL: the HTTP suite again on that
// PostgreSQL server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// Two lanes at once, each running its suites in turn. One suite alone left a core idle: the screens keep 0.8 of
// the two cores busy (Chromium, one test at a time), the HTTP suites 1.4 to 1.6. So each lane pairs part of the
// screens with one HTTP suite, and the screens are split so that both lanes end together, by the seconds each
// suite and each screen file took in a measured run (suite-times.json; `SUITE_TIMES_WRITE=1 npm test` measures
// them again).
const TIMES_FILE = path.join('scripts', 'suite-times.json');
const measured = JSON.parse(fs.readFileSync(TIMES_FILE, 'utf8'));
const pglite = {
  name: 'unit + http on PGlite',
  args: ['--project', 'unit', '--project', 'db'],
  env: { DATABASE_URL: '' },
};
const postgres = process.env.DATABASE_URL
  ? [
      {
        name: 'http on PostgreSQL',
        args: ['--project', 'db'],
        env: { DATABASE_URL: process.env.DATABASE_URL },
      },
    ]
  : [];
const screens = screenShares(
  path.join('apps', 'web', 'e2e'),
  measured.suites[pglite.name] ?? 0,
  postgres.length ? (measured.suites[postgres[0].name] ?? 0) : 0,
);
const screen = (i) => ({
  name: `screens in Chromium, ${i + 1} of 2`,
  args: ['--project', 'e2e', ...screens[i]],
  // the screens' servers run on the PostgreSQL server where there is one (PGlite's WebAssembly took a fifth more of
  // the machine for the same screens, and the HTTP suite proves PGlite), else on PGlite; the one test of two server
  // processes needs the PostgreSQL server
  env: {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SCREENS_POSTGRES_URL: process.env.DATABASE_URL ?? '',
    SKIP_WEB_BUILD: '1',
  },
  screens: true,
});
const lanes = [
  [pglite, screen(1)],
  [screen(0), ...postgres],
];

// `node scripts/test-all.mjs --plan`: the split alone
if (process.argv.includes('--plan')) {
  for (const [i, share] of screens.entries())
    console.log(
      `screens ${i + 1} of 2: ${share
        .map((f) => measured.screens[f] ?? '?')
        .reduce((a, b) => a + (+b || 0), 0)
        .toFixed(0)} s measured, ${share.length} files`,
    );
  process.exit(0);
}

let passed = 0;
let failed = 0;
const failures = [];
const times = [];
const slowest = [];
/** what this run measured, for suite-times.json */
const took = { suites: {}, screens: {} };
const started = Date.now();
buildConsole();
await Promise.all(
  lanes.map(async (lane) => {
    for (const run of lane) await runSuite(run);
  }),
);

/** Both screen lanes drive one built console, built here once instead of by each lane's global setup. */
function buildConsole() {
  if (process.env.SKIP_WEB_BUILD) return;
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--emptyOutDir'], {
    cwd: path.join('apps', 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    console.error('the console did not build');
    process.exit(1);
  }
}

/**
 * The screen files in two shares: the first runs before the PostgreSQL suite, the second after the PGlite one, and
 * each lane should end when the other does. A file not measured yet counts by its length, at the measured files'
 * seconds per byte.
 */
function screenShares(dir, pgliteS, postgresS) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f))
    .map((file) => ({ file, size: fs.statSync(file).size, s: measured.screens[file] }));
  const known = files.filter((f) => f.s !== undefined);
  const perByte =
    known.reduce((a, f) => a + f.s, 0) /
    Math.max(
      1,
      known.reduce((a, f) => a + f.size, 0),
    );
  for (const f of files) f.s ??= f.size * perByte;
  const total = files.reduce((a, f) => a + f.s, 0);
  const firstTarget = Math.min(total, Math.max(0, (total + pgliteS - postgresS) / 2));
  const out = [
    { files: [], s: 0, target: firstTarget },
    { files: [], s: 0, target: total - firstTarget },
  ];
  files.sort((a, b) => b.s - a.s || a.file.localeCompare(b.file));
  for (const f of files) {
    const share = out[0].target - out[0].s >= out[1].target - out[1].s ? out[0] : out[1];
    share.files.push(f.file);
    share.s += f.s;
  }
  return out.map((h) => h.files);
}

/** Runs one vitest call, its lines tagged with the suite's name (two lanes write at once), and counts its results. */
async function runSuite(run) {
  const tag = `[${run.name}]`;
  console.log(`\n=== ${run.name}: started at ${Math.round((Date.now() - started) / 1000)} s ===`);
  const began = Date.now();
  const out = path.join(os.tmpdir(), `vitest-${process.pid}-${run.name.replace(/\W+/g, '-')}.json`);
  const causes = `${out}.causes`;
  const fileTimes = `${out}.times`;
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      ...run.args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${path.resolve('scripts', 'failure-causes.mjs')}`,
      `--reporter=${path.resolve('scripts', 'file-times.mjs')}`,
      `--outputFile.json=${out}`,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...run.env, FAILURE_CAUSES_FILE: causes, FILE_TIMES_FILE: fileTimes },
    },
  );
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`${tag} ${line}`));
  const status = await new Promise((resolve) => child.on('close', resolve));
  times.push({ name: run.name, s: Math.round((Date.now() - began) / 1000) });
  took.suites[run.name] = times.at(-1).s;
  if (!fs.existsSync(out)) {
    console.error(`${run.name}: the runner produced no results (exit ${status})`);
    failed += 1;
    return;
  }
  const result = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  const told = readCauses(causes);
  const fileMs = readLines(fileTimes);
  slowest.push(`${run.name}:`, ...slowestFiles(fileMs));
  if (run.screens) for (const { where, ms } of fileMs) took.screens[where] = Math.round(ms / 100) / 10;
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numFailedTestSuites > 0 && result.numFailedTests === 0 ? 1 : 0);
  if (result.numTotalTests === 0) failed += 1;
  for (const file of result.testResults) {
    const where = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
      failures.push(`${run.name}: ${where}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults.filter((a) => a.status === 'failed'))
      failures.push(
        `${run.name}: ${where} > ${t.fullName}: ${told.get(`${where} > ${t.fullName}`) ?? firstLine(t.failureMessages.join(' '))}`,
      );
  }
}
// the CI log shows only its tail: name what failed right above the sum
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
/** the ten files that took longest, to look at when the run grows */
function slowestFiles(files) {
  return [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((f) => `  ${(f.ms / 1000).toFixed(0).padStart(5)} s  ${f.where}`);
}
/** what failure-causes.mjs wrote: each failed test's error with its causes, by "file > full name" */
function readCauses(file) {
  const told = new Map();
  for (const { where, name, text } of readLines(file)) if (text) told.set(`${where} > ${name}`, text);
  return told;
}
/** the JSON lines a reporter wrote to `file`, which is then removed */
function readLines(file) {
  if (!fs.existsSync(file)) return [];
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  fs.rmSync(file);
  return lines;
}
function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

console.log(`\nslowest files:\n${slowest.join('\n')}`);
console.log(
  `\ntime per suite:\n${times.map((t) => `  ${t.name}: ${t.s} s`).join('\n')}\n  all, two lanes at once: ${Math.round((Date.now() - started) / 1000)} s`,
);
if (process.env.SUITE_TIMES_WRITE) {
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(
    TIMES_FILE,
    `${JSON.stringify({ suites: sorted({ ...measured.suites, ...took.suites }), screens: sorted(took.screens) }, null, 2)}\n`,
  );
  console.log(`\nthe times measured are in ${TIMES_FILE}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
