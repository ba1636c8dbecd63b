/// <reference types="vite/client" />

/** antd's prebuilt stylesheet in two parts (vite/antd-styles.ts). */
declare module 'virtual:antd-styles/*';

interface ImportMetaEnv {
  /** Set by vite/build-manifest.ts; absent under vitest and in `vite` dev before the first build. */
  readonly VITE_BUILD_ID?: string;
}
