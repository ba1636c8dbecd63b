import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildManifest } from './vite/build-manifest.ts';
import { precompress } from './vite/precompress.ts';

const server = 'http://127.0.0.1:3000';
const sideEffectFree = /[\\/](packages[\\/]shared|node_modules[\\/]@rc-component)[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), buildManifest(), precompress()],
  server: { proxy: { '/api': server, '/custom': server } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // These packages run no code on import but do not declare `sideEffects: false`; without this,
      // importing one export (antd's form context imports rc-form's FormProvider) keeps the whole package.
      treeshake: { moduleSideEffects: (id: string) => !sideEffectFree.test(id) },
      output: {
        // The framework every screen needs is one long-cached chunk; antd and page code are left to
        // automatic splitting so each route loads only the components it renders.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
});
