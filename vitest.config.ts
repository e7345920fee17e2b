import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests replay many episodes; a loaded 2-core machine can take minutes. Speed is measured by npm run bench.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    env: { TZ: 'UTC' },
  },
});
