// A vitest reporter that writes each failed test's error with its causes, one JSON line per test, to the file named
// by FAILURE_CAUSES_FILE. The JSON reporter keeps only an error's stack, and expect.poll's stack says only
// "STACK_TRACE_ERROR": what failed is in its cause, which the CI log's tail would otherwise never show.
import fs from 'node:fs';
import path from 'node:path';

export default class FailureCauses {
  onTestCaseResult(test) {
    const file = process.env.FAILURE_CAUSES_FILE;
    const result = test.result();
    if (!file || result.state !== 'failed') return;
    const text = (result.errors ?? []).map(withCauses).join(' | ');
    const where = path.relative(process.cwd(), test.module.moduleId);
    // named as the JSON reporter names it: the suites' and the test's names joined by spaces
    const names = [test.name];
    for (let p = test.parent; p?.type === 'suite'; p = p.parent) names.unshift(p.name);
    fs.appendFileSync(file, JSON.stringify({ where, name: names.join(' '), text }) + '\n');
  }
}

function withCauses(error) {
  const parts = [];
  for (let e = error, depth = 0; e && depth < 4; e = e.cause, depth += 1) {
    const line = String(e.message ?? e)
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 3)
      .join(' ');
    if (line && line !== 'STACK_TRACE_ERROR') parts.push(line);
  }
  return parts.join(' ← ').slice(0, 600);
}
