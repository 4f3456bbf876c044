// Runs every suite and ends with one line "N passed, N failed" summing them all.
// Always: unit tests and the HTTP suite on PGlite, and the screens. With DATABASE_URL: the HTTP suite again on that
// PostgreSQL server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// Two lanes at once, each running its suites in turn. One suite alone left a core idle: the screens keep 0.8 of
// the two cores busy (Chromium, one test at a time), the HTTP suites 1.4 to 1.6. So each lane pairs half of the
// screens with one HTTP suite, and the heavier PGlite suite runs beside the lighter screens.
const screens = halves(path.join('apps', 'web', 'e2e'));
const pglite = {
  name: 'unit + http on PGlite',
  args: ['--project', 'unit', '--project', 'db'],
  env: { DATABASE_URL: '' },
};
const screen = (i) => ({
  name: `screens in Chromium, ${i + 1} of 2`,
  args: ['--project', 'e2e', ...screens[i]],
  env: { DATABASE_URL: '', SKIP_WEB_BUILD: '1' },
});
const postgres = process.env.DATABASE_URL
  ? [
      {
        name: 'http on PostgreSQL',
        args: ['--project', 'db'],
        env: { DATABASE_URL: process.env.DATABASE_URL },
      },
    ]
  : [];
const lanes = [
  [pglite, screen(1)],
  [screen(0), ...postgres],
];

let passed = 0;
let failed = 0;
const failures = [];
const times = [];
const slowest = [];
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

/** The screen files in two halves of about equal size (a file's length stands for its time). */
function halves(dir) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => ({ file: path.join(dir, f), size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const out = [
    { files: [], size: 0 },
    { files: [], size: 0 },
  ];
  for (const f of files) {
    const lighter = out[0].size <= out[1].size ? out[0] : out[1];
    lighter.files.push(f.file);
    lighter.size += f.size;
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
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      ...run.args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${path.resolve('scripts', 'failure-causes.mjs')}`,
      `--outputFile.json=${out}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...run.env, FAILURE_CAUSES_FILE: causes } },
  );
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`${tag} ${line}`));
  const status = await new Promise((resolve) => child.on('close', resolve));
  times.push({ name: run.name, s: Math.round((Date.now() - began) / 1000) });
  if (!fs.existsSync(out)) {
    console.error(`${run.name}: the runner produced no results (exit ${status})`);
    failed += 1;
    return;
  }
  const result = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  const told = readCauses(causes);
  slowest.push(`${run.name}:`, ...slowestFiles(result.testResults));
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
  return files
    .map((f) => ({ where: path.relative(process.cwd(), f.name), s: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 10)
    .map((f) => `  ${f.s.toFixed(0).padStart(5)} s  ${f.where}`);
}
/** what failure-causes.mjs wrote: each failed test's error with its causes, by "file > full name" */
function readCauses(file) {
  const told = new Map();
  if (!fs.existsSync(file)) return told;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { where, name, text } = JSON.parse(line);
    if (text) told.set(`${where} > ${name}`, text);
  }
  fs.rmSync(file);
  return told;
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
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
