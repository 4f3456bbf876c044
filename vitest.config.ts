import { defineConfig } from 'vitest/config';

// unit: pure code. e2e: screens in Chromium. db: HTTP tests through a running server against PGlite, or the PostgreSQL server named by
// DATABASE_URL (each run in a fresh database of its own).
export default defineConfig({
  test: {
    projects: [
      {
        // run beside db in one vitest call, so both take the same number of workers
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // each file runs its own server and mostly waits on the broker, child processes and the database, so
          // two files at a time keep two cores busy; vitest's default on two cores is one
          maxWorkers: 2,
          // each worker imports the server once for all its files (each file still starts a server of its own):
          // isolated, every file imported it again (287 s of imports on PGlite instead of 13 s)
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        // the built console in Debian's Chromium against the real server
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // a screen under CI's load can take more than expect.poll's default second to show what it fetched
          expect: { poll: { timeout: 20_000 } },
          fileParallelism: false,
          // every suite in one process, one after another: the server's and the console's modules are imported
          // once, and one Chromium serves them all (browser.ts); each suite still runs its own server
          isolate: false,
          maxWorkers: 1,
          globalSetup: ['apps/web/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
