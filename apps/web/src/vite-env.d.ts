/// <reference types="vite/client" />

/** antd's prebuilt stylesheet in parts: global, and one per component (vite/antd-styles.ts). */
declare module 'virtual:antd-styles/*';

/** antd's default algorithm run at build time on the console's seed (vite/antd-map-token.ts). */
declare module 'virtual:antd-map-token' {
  import type { theme } from 'antd';
  export const seed: Record<string, unknown>;
  export const map: ReturnType<typeof theme.defaultAlgorithm>;
}

interface ImportMetaEnv {
  /** Set by vite/build-manifest.ts; absent under vitest and in `vite` dev before the first build. */
  readonly VITE_BUILD_ID?: string;
}
