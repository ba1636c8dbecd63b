/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite/build-manifest.ts; absent under vitest and in `vite` dev before the first build. */
  readonly VITE_BUILD_ID?: string;
}
