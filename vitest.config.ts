import { defineConfig } from 'vitest/config';

// Under CI the results are also written as JSON, for the "N passed, N failed" line of .ci/run.
const ciReporters: Array<[string, Record<string, unknown>]> = process.env.CI ? [['json', { outputFile: '.tmp/vitest-results.json' }]] : [];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', ...ciReporters],
  },
});
