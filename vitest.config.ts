import { defineConfig } from 'vitest/config';

// unit: pure code. db: HTTP tests through a running server against PGlite, or the PostgreSQL server named by
// DATABASE_URL (each run in a fresh database of its own).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
