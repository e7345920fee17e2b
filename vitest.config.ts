import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests replay many episodes; a loaded 2-core machine can take minutes. Speed is measured by npm run bench.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Vitest leaves one core to itself by default: on a 2-core machine that is one test file at a time, and the main process is idle.
    maxWorkers: Math.max(2, availableParallelism()),
    env: { TZ: 'UTC' },
  },
});
