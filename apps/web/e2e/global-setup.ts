import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// eslint-disable-next-line no-restricted-imports -- the screens' servers are the HTTP suite's
import { makeRunDatabase } from '../../server/test/run-database.ts';

// Every screen suite drives the same built console, so it is built once per run.
// SKIP_WEB_BUILD=1 when the build is already fresh; WEB_DIST puts it elsewhere than apps/web/dist, so that
// two people testing in one tree do not overwrite each other's build.
export const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = process.env.WEB_DIST || path.join(WEB, 'dist');

export default async function setUp() {
  buildConsole();
  // the screens' servers start from one migrated database, as the HTTP suite's do
  return makeRunDatabase();
}

function buildConsole() {
  if (process.env.SKIP_WEB_BUILD) return;
  execSync(`npx vite build --logLevel error --emptyOutDir --outDir ${JSON.stringify(WEB_DIST)}`, {
    cwd: WEB,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
