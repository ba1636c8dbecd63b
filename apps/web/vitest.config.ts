import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { antdMapToken } from './vite/antd-map-token.ts';
import { antdStyles } from './vite/antd-styles.ts';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), antdStyles(), antdMapToken()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // antd dialogs render slowly in happy-dom on a busy 2-core box; a waiting test still fails, just later.
    testTimeout: 20_000,
  },
});
