import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a module graph of their own: three replace modules with vi.mock; one
 * observes before the engine has learnt jsdom's symbols, which any file that opens a page
 * teaches the graph it shares.
 */
const ISOLATED = [
  'test/harness/assess-clicks.test.ts',
  'test/cli/load-error.test.ts',
  'test/simulator/page/observe-clobber.test.ts',
  'test/simulator/loop/bundle-race.test.ts',
  'test/harness/fuzz-engines.test.ts',
];

export default defineConfig({
  test: {
    // Property tests replay many episodes; a loaded 2-core machine can take minutes. Speed is measured by npm run bench.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Episodes allocate a window's worth of short-lived objects each; a larger young generation
    // spends less of them collecting (the engine process is started the same way).
    execArgv: ['--max-semi-space-size=32'],
    // Vitest leaves one core to itself by default: on a 2-core machine that is one test file at a time, and the main process is idle.
    maxWorkers: Math.max(2, availableParallelism()),
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        // Loading jsdom and the simulator costs a second or more a file: a worker loads them once for all the files it runs.
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
