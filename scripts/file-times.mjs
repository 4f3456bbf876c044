// A vitest reporter that writes each test file's whole time (its imports, hooks and tests, as the default reporter
// shows it) to the file named by FILE_TIMES_FILE, one JSON line per file: the JSON reporter's times leave the hooks
// out, and a screen file's server and browser start in its hooks.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimes {
  onTestModuleEnd(testModule) {
    const file = process.env.FILE_TIMES_FILE;
    if (!file) return;
    const where = path.relative(process.cwd(), testModule.moduleId);
    fs.appendFileSync(file, JSON.stringify({ where, ms: testModule.diagnostic().duration }) + '\n');
  }
}
