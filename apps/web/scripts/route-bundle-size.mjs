// Prints the size as transferred (the build's brotli copy, apps/web/vite/precompress.ts) of the JS each
// key route downloads, from the build's .vite/manifest.json: the entry with its static imports, plus the
// lazy chunks the route table loads for that route.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

const ROUTES = {
  '(entry only)': [],
  '/login': ['src/pages/login/LoginPage.tsx'],
  '/console': ['src/layouts/ConsoleLayout.tsx', 'src/pages/home/HomePage.tsx'],
};
const BUDGET_KB = { '(entry only)': 120, '/login': 120, '/console': 200 };
const transferred = (f) => (existsSync(`${dist + f}.br`) ? readFileSync(`${dist + f}.br`).length : brotliCompressSync(readFileSync(dist + f)).length);

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
let overBudget = false;
for (const [route, pages] of Object.entries(ROUTES)) {
  const keys = new Set([...closure(entry), ...pages.flatMap((p) => [...closure(p)])]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => ({ f, gz: transferred(f) })).sort((a, b) => b.gz - a.gz);
  const total = sizes.reduce((s, x) => s + x.gz, 0);
  console.log(`${route}: ${(total / 1024).toFixed(1)} KB brotli in ${files.length} chunks (budget ${BUDGET_KB[route]} KB)`);
  if (total / 1024 > BUDGET_KB[route]) overBudget = true;
  for (const { f, gz } of sizes) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}
if (overBudget) {
  console.error('A route downloads more JS than its budget.');
  process.exit(1);
}
