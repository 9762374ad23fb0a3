import { defineConfig } from 'vitest/config';

// Every project migrates one template database per run; each test file starts from a copy.
const globalSetup = ['tests/support/db-template.ts'];

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
          // Each API file starts its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
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
          maxWorkers: 2,
        },
      },
    ],
  },
});
