import fs from 'node:fs';
import path from 'node:path';

/** One entry of the build's .vite/manifest.json (what these scripts read of it). */
export interface ManifestChunk {
  file: string;
  /** A shared chunk's name (its key is `_<name>-<hash>.js`). */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** dist is the console's build folder. */
export const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../dist'));

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** closure is a manifest key with everything it imports statically, as manifest keys. */
export function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/** entryClosure is the entry (index.html) with its static imports: what every page loads first. */
export const entryClosure = (manifest: Manifest) => closure(manifest, Object.keys(manifest).find((k) => manifest[k].isEntry)!);
