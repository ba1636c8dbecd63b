import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One workspace, three projects: `npm run test:unit` runs them all; server tests also run on
// PostgreSQL through `npm run test:pg` (DATABASE_URL set by scripts/with-postgres.mjs).
export default defineConfig({
  test: {
    // Vitest would use half the cores (one worker here); the server tests mostly wait on PGlite,
    // PostgreSQL and sockets, so two workers on two cores nearly halve the wall time.
    maxWorkers: Math.max(2, availableParallelism()),
    // A web test file's React work that antd queued with Node's setImmediate can run after happy-dom's
    // window is gone, during the next file; it cannot change a result that is already recorded.
    onUnhandledError: (error) => !(error.name === 'ReferenceError' && /window is not defined/.test(error.message) && /react-dom/.test(error.stack ?? '')),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/device-sim/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        // Process-level crash tests: a real server killed with SIGKILL, on PostgreSQL (npm run test:crash).
        test: { name: 'crash', include: ['apps/server/src/**/*.crash.ts'], environment: 'node', testTimeout: 600_000, hookTimeout: 600_000 },
      },
      {
        // Several server nodes behind HAProxy on PostgreSQL, phones through the balancer, faults injected (npm run test:cluster).
        test: { name: 'cluster', include: ['cluster/**/*.cluster.ts'], environment: 'node', testTimeout: 1_800_000, hookTimeout: 1_800_000 },
      },
    ],
  },
});
