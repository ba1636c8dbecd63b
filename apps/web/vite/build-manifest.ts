import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';

/** BuildManifest is what `/builds/latest.json` and `/builds/meta/<id>.json` hold. */
export interface BuildManifest {
  id: string;
  timestamp: number;
}

/**
 * buildManifest gives every build an id, compiles it into the app as `import.meta.env.VITE_BUILD_ID`
 * and writes `builds/latest.json` plus `builds/meta/<id>.json`, so a running console can poll
 * latest.json and notice that a newer build was deployed (spec §4).
 */
export function buildManifest(): Plugin {
  const manifest: BuildManifest = { id: randomUUID(), timestamp: Date.now() };
  return {
    name: 'lease:build-manifest',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(manifest.id) } }),
    generateBundle() {
      const source = JSON.stringify(manifest);
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${manifest.id}.json`, source });
    },
  };
}
