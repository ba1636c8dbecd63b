import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdIsBright } from './vite/antd-is-bright.ts';
import { antdMapToken } from './vite/antd-map-token.ts';
import { antdWithoutStyleFunctions } from './vite/antd-style-functions.ts';
import { antdStyles } from './vite/antd-styles.ts';
import { antdWithoutUniqueTooltip } from './vite/antd-unique-tooltip.ts';
import { buildManifest } from './vite/build-manifest.ts';
import { precompress } from './vite/precompress.ts';

const server = 'http://127.0.0.1:3000';
const reactRouterProduction = import.meta.resolve('react-router').replace(/\/dist\/development\/[^/]+$/, '/dist/production/index.mjs');
const sideEffectFree = /[\\/](packages[\\/]shared|node_modules[\\/]@rc-component)[\\/]/;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), antdStyles(), antdWithoutStyleFunctions(), antdMapToken(), antdWithoutUniqueTooltip(), antdIsBright(), buildManifest(), precompress()],
  // react-router's package points every bundler at its development build, whose checks and warnings run on
  // each navigation; the console ships the production build it publishes beside it.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(reactRouterProduction) }] } : undefined,
  server: { proxy: { '/api': server, '/custom': server } },
  build: {
    // WEB_DIST (as the server reads it) lets two builds of one checkout live side by side.
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    manifest: true,
    // The entry's imports are preloaded by index.html; a lazy import carries no list of the scripts it needs
    // (those lists, for every route, made the entry ~3 KB larger, and the injection cost a phone ~70 ms of main
    // thread): the server names a route's scripts in the HTML it serves for it (vite/route-preloads.ts).
    // Stylesheets stay, since a lazy chunk's CSS is loaded only through this list.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'))),
    },
    rolldownOptions: {
      // These packages run no code on import but do not declare `sideEffects: false`; without this,
      // importing one export (antd's form context imports rc-form's FormProvider) keeps the whole package.
      treeshake: { moduleSideEffects: (id: string) => !sideEffectFree.test(id) },
      output: {
        // The framework every screen needs is one long-cached chunk, and so is antd's core (theme, config,
        // css-in-js, utilities and the few components the signed-in frame renders): left to automatic splitting
        // it came as ~50 files of 1-3 KB, six at a time over HTTP/1.1. antd's other components and page code
        // are still split automatically, so each route loads only the components it renders.
        codeSplitting: {
          groups: [
            // antd-core's ConfigProvider and tooltip reach antd's form context, which imports rc-form's FormProvider; a
            // group takes its captured modules' dependencies along, so all of rc-form and async-validator (~11 KB
            // brotli) came with the frame. They are a chunk of their own, loaded by the pages with a form; only
            // FormProvider's module (FormContext.js) stays with the core. This group takes no dependencies, or it
            // would take React.
            {
              name: 'antd-form',
              test: /node_modules[\\/]@rc-component[\\/](form[\\/]es[\\/](?!FormContext\.js)|async-validator[\\/])/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
            // A group takes every module its test matches, whoever imports it. The popups' placements, arrows and
            // motions (antd/es/_util, antd/es/style) and the empty state that ConfigProvider's folder holds for
            // tables and selects (with antd's Empty) are not the frame's: they came with every signed-in first load
            // (~3.5 KB brotli) and now come with the components that use them.
            {
              name: 'antd-core',
              test: /node_modules[\\/](@rc-component[\\/](util|context)|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@ant-design[\\/]icons[\\/]es[\\/](components|utils)|antd[\\/]es[\\/](?!_util[\\/]placements|style[\\/](placementArrow|roundedArrow|motion)|config-provider[\\/]defaultRenderEmpty)(_util|config-provider|theme|style|locale|space|flex|button|spin)|@babel[\\/]runtime|clsx|classnames|@emotion)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
