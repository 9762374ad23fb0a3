import { defineConfig } from 'vitest/config';

// Every project migrates one template database per run; each test file starts from a copy.
const globalSetup = ['tests/support/db-template.ts'];
// API and browser test files share one pool of two (vitest runs projects with the same worker
// count together). Three at a time was measured 6 % faster on this 2-core machine, not worth the
// added contention on timing-sensitive tests.
const workers = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          globalSetup,
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          // Tests that measure latency under a burst: `npm test` (scripts/test.mjs) runs them after the
          // others, alone on the machine, so the figures are the server's and not a neighbour test's.
          name: 'load',
          globalSetup,
          include: ['tests/load/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup,
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browsers at a time: a browser test mostly waits (on the page, the server, animations),
          // and one at a time left a core idle for most of the run.
          maxWorkers: workers,
        },
      },
    ],
  },
});
