// The server project of vitest.config.ts, limited to the tests of one mutation group (stryker.groups.mjs).
import { defineConfig } from 'vitest/config';
import { group } from './stryker.groups.mjs';

export default defineConfig({
  test: { include: group().tests, environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2 },
});
