import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer';

// Every project migrates one template database per run; each test file starts from a copy.
const globalSetup = ['tests/support/db-template.ts'];
// API and browser test files share one pool of two (vitest runs projects with the same worker
// count together). Three at a time was measured 6 % faster on this 2-core machine, not worth the
// added contention on timing-sensitive tests.
const workers = Number(process.env.TEST_WORKERS ?? 2);
// A developer's ./.env (production values, say) never reaches a test or a command a test starts.
const env = { ENV_FILE: '' };
// A worker keeps the modules it imported from one test file to the next (isolate: false) instead of
// importing the whole server again for each: the API suite went from 275 to 208 s on PGlite. Test
// files share no module state: each starts its own app on its own database copy, and none mocks a module.

export default defineConfig({
  test: {
    // The longest files first, by the durations a clean CI run measured (tests/durations.json).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Pure functions and components: no database, no server, no template to migrate first.
        test: { name: 'unit', env, include: ['tests/unit/**/*.test.ts'], maxWorkers: workers },
      },
      {
        test: {
          name: 'api',
          globalSetup,
          env,
          include: ['tests/api/**/*.test.ts'],
          isolate: false,
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
          env,
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
          env,
          setupFiles: ['tests/support/e2e-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          isolate: false,
          // A browser step that fails once is tried once more: on this busy 2-core machine a rare
          // timing (one in thousands of steps) must not hide the rest. It stays visible: CI lists each
          // test that passed only on its second try, with its first error and the page's history.
          retry: 1,
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
