// Mutation testing of packages/domain (npm run mutation): not part of npm test or CI, it reruns the unit tests once per
// mutant. Narrow a run with --mutate 'packages/domain/src/astro/**/*.ts' (docs/mutation.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['packages/domain/src/**/*.ts', '!packages/domain/src/**/*.test.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignoreStatic: true,
};
