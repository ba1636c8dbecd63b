import { theme, type ThemeConfig } from 'antd';
import { map as BUILT_MAP, seed as BUILT_SEED } from 'virtual:antd-map-token';
import { CONSOLE_TOKEN } from './themeToken.ts';

type MappingAlgorithm = Extract<NonNullable<ThemeConfig['algorithm']>, (...args: never[]) => unknown>;

/** isBuiltSeed says the seed antd hands the algorithm is the one the build derived its map from. */
export function isBuiltSeed(seed: object): boolean {
  const built = Object.entries(BUILT_SEED);
  return built.length === Object.keys(seed).length && built.every(([k, v]) => (seed as Record<string, unknown>)[k] === v);
}

/**
 * consoleAlgorithm is antd's default algorithm with its answer for the console's seed computed at build time
 * (vite/antd-map-token.ts): deriving the palettes took 10-16 ms of this box's main thread on every cold page load, four
 * times that on a mid-range phone. Any other seed (a nested theme) is derived as antd would.
 */
export const consoleAlgorithm: MappingAlgorithm = (seed) => (isBuiltSeed(seed) ? { ...BUILT_MAP } : theme.defaultAlgorithm(seed));

/** The console's map token (font sizes, palettes…), for the few places that style outside AntdScope's theme. */
export const CONSOLE_MAP_TOKEN = BUILT_MAP;

/** The console's antd theme. */
export const CONSOLE_THEME: ThemeConfig = {
  // Component styles come from antd's prebuilt stylesheet (imported by AntdScope), not from CSS-in-JS at first
  // render: about a quarter less main-thread work on the device list, for 73 KB of long-cached CSS.
  zeroRuntime: true,
  algorithm: consoleAlgorithm,
  token: CONSOLE_TOKEN,
  components: { Descriptions: { labelColor: '#595959' } },
};

/** contrastRatio is WCAG 2's contrast between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
