// Runs every suite and ends with one line "N passed, N failed" summing them all.
// Always: unit tests and the HTTP suite on PGlite, then the screens. With DATABASE_URL: the HTTP suite again on that
// PostgreSQL server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One suite after another: the screens' Chromium beside the HTTP suites made both slower on two cores than in turn.
const runs = [
  {
    name: 'unit + http on PGlite',
    args: ['--project', 'unit', '--project', 'db'],
    env: { DATABASE_URL: '' },
  },
  { name: 'screens in Chromium', args: ['--project', 'e2e'], env: { DATABASE_URL: '' } },
];
if (process.env.DATABASE_URL) {
  runs.push({
    name: 'http on PostgreSQL',
    args: ['--project', 'db'],
    env: { DATABASE_URL: process.env.DATABASE_URL },
  });
}

let passed = 0;
let failed = 0;
const failures = [];
const times = [];
const slowest = [];
for (const run of runs) {
  console.log(`\n=== ${run.name} ===`);
  const started = Date.now();
  const out = path.join(os.tmpdir(), `vitest-${process.pid}-${runs.indexOf(run)}.json`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { stdio: 'inherit', env: { ...process.env, ...run.env } },
  );
  times.push({ name: run.name, s: Math.round((Date.now() - started) / 1000) });
  if (!fs.existsSync(out)) {
    console.error(`${run.name}: the runner produced no results (exit ${r.status})`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  slowest.push(`${run.name}:`, ...slowestFiles(result.testResults));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numFailedTestSuites > 0 && result.numFailedTests === 0 ? 1 : 0);
  if (result.numTotalTests === 0) failed += 1;
  for (const file of result.testResults) {
    const where = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
      failures.push(`${run.name}: ${where}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults.filter((a) => a.status === 'failed'))
      failures.push(`${run.name}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages.join(' '))}`);
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
function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

console.log(`\nslowest files:\n${slowest.join('\n')}`);
console.log(`\ntime per suite:\n${times.map((t) => `  ${t.name}: ${t.s} s`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
