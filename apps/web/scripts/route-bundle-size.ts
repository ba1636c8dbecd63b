// Prints the JS each key route downloads, as transferred (the build's brotli copy, vite/precompress.ts): the
// entry with its static imports, plus the scripts the route's HTML preloads (dist/route-preloads.json, written by
// scripts/route-preloads.ts). Exits 1 when a route is over its budget. Run after the web build.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '@lease/shared';
import { dist, entryClosure, readManifest } from './manifest.ts';

const BUDGET_KB: Record<string, number> = { '/login': 120, '/console': 200 };

const manifest = readManifest();
const preloads: RoutePreload[] = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'));
const entryScripts = [...entryClosure(manifest)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const transferred = (f: string) => {
  const file = path.join(dist, f);
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : brotliCompressSync(fs.readFileSync(file)).length;
};

let overBudget = false;
for (const [route, budget] of Object.entries(BUDGET_KB)) {
  const preload = preloads.find((p) => p.path === route);
  if (!preload) throw new Error(`${route} is not in ${ROUTE_PRELOADS_FILE}`);
  const sizes = [...entryScripts, ...preload.scripts].map((f) => ({ f, br: transferred(f) })).sort((a, b) => b.br - a.br);
  const total = sizes.reduce((s, x) => s + x.br, 0) / 1024;
  console.log(`${route}: ${total.toFixed(1)} KB brotli in ${sizes.length} scripts (budget ${budget} KB)`);
  for (const { f, br } of sizes) console.log(`  ${(br / 1024).toFixed(1).padStart(6)} KB  ${f}`);
  if (total > budget) overBudget = true;
}
if (overBudget) {
  console.error('A route downloads more JS than its budget.');
  process.exit(1);
}
