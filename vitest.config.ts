import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API file starts its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
