import { defineConfig } from 'vitest/config';

// Stryker's test run (npm run mutation): only the domain package's unit tests, one worker, since each mutant reruns them
export default defineConfig({
  test: {
    include: ['packages/domain/src/**/*.test.ts'],
    // the year-long cross-check against astronomy-engine takes minutes once instrumented, and would rerun per mutant
    exclude: ['packages/domain/src/astro/sun-night-year.test.ts'],
    maxWorkers: 1,
  },
});
