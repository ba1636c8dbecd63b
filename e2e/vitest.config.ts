import { defineConfig } from 'vitest/config';

// Browser tests: one server (built console + PGlite in a temp folder) for the whole run, Chromium per file.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll gives up after 1 s by default: a page's first lazy chunks and API answers can take longer on a
    // loaded 2-core box. Polls only wait for something to appear; absences are checked once, never by polling.
    expect: { poll: { timeout: 10_000 } },
  },
});
