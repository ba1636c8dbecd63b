import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { CONSOLE_TOKEN } from '../src/app/themeToken.ts';

const ID = 'virtual:antd-map-token';
const RESOLVED = `\0${ID}`;

/**
 * antdMapToken serves `virtual:antd-map-token`: the seed antd hands its theme algorithm for the console's token, and
 * what antd's default algorithm makes of it (the map token: every palette and size), computed once at build time
 * with the installed antd. A phone then skips deriving the palettes on each page load (app/theme.ts).
 */
export function antdMapToken(): Plugin {
  return {
    name: 'lease:antd-map-token',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const { theme } = createRequire(import.meta.url)('antd') as typeof import('antd');
      const seed = { ...theme.defaultSeed, ...CONSOLE_TOKEN };
      return `export const seed = ${JSON.stringify(seed)};\nexport const map = ${JSON.stringify(theme.defaultAlgorithm(seed))};\n`;
    },
  };
}
