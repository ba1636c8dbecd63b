// Prints the JS each key route downloads, as transferred (the build's brotli copy, vite/precompress.ts): the
// entry with its static imports, plus the scripts the route's HTML preloads (dist/route-preloads.json, written by
// scripts/route-preloads.ts). Exits 1 when a route is over its budget or a page that draws no chart loads echarts
// (scripts/bundle-rules.ts). Run after the web build.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '@lease/shared';
import { echartsViolations, FIRST_LOAD_BUDGET_KB, firstLoadScripts } from './bundle-rules.ts';
import { dist, readManifest } from './manifest.ts';

const manifest = readManifest();
const preloads: RoutePreload[] = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'));
const transferred = (f: string) => {
  const file = path.join(dist, f);
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : brotliCompressSync(fs.readFileSync(file)).length;
};

let failed = false;
for (const [route, budget] of Object.entries(FIRST_LOAD_BUDGET_KB)) {
  const preload = preloads.find((p) => p.path === route);
  if (!preload) throw new Error(`${route} is not in ${ROUTE_PRELOADS_FILE}`);
  const sizes = firstLoadScripts(manifest, preload)
    .map((f) => ({ f, br: transferred(f) }))
    .sort((a, b) => b.br - a.br);
  const total = sizes.reduce((s, x) => s + x.br, 0) / 1024;
  console.log(`${route}: ${total.toFixed(1)} KB brotli in ${sizes.length} scripts (budget ${budget} KB)`);
  for (const { f, br } of sizes) console.log(`  ${(br / 1024).toFixed(1).padStart(6)} KB  ${f}`);
  if (total > budget) {
    console.error(`${route} downloads more JS than its budget.`);
    failed = true;
  }
}
for (const v of echartsViolations(manifest, preloads)) {
  console.error(`echarts outside the charts: ${v}`);
  failed = true;
}
if (failed) process.exit(1);
