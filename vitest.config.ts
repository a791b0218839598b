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
    // The run's own temp folder, checked empty at the end; temp folders of a test file go when it ends.
    globalSetup: ['test/setup/temp-folder.ts'],
    setupFiles: ['test/setup/remove-temp-dirs.ts'],
  },
});
