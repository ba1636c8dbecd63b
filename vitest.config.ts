import { defineConfig } from 'vitest/config';

// One workspace, three projects: `npm run test:unit` runs them all; server tests also run on
// PostgreSQL through `npm run test:pg` (DATABASE_URL set by scripts/with-postgres.mjs).
export default defineConfig({
  test: {
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
    ],
  },
});
