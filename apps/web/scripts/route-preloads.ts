// Run after `vite build` (package.json "build"): writes dist/route-preloads.json, each page of the route table (routes.ts)
// with every script and stylesheet it loads, from the build's .vite/manifest.json. The server puts them in the
// HTML it serves for the page's address (apps/server/src/http/route-preloads.ts), so a first visit fetches
// them all at once instead of discovering them one import at a time.
import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '@lease/shared';
import type { AppRoute } from '../src/router/meta.ts';
import { APP_ROUTES } from '../src/routes.ts';
import { closure, dist, entryClosure, readManifest } from './manifest.ts';

const manifest = readManifest();

/** What each layout renders around its pages (appRouter.ts); the empty layout is part of the entry. */
const LAYOUT_MODULES = { console: ['src/layouts/ConsoleLayout.tsx'], empty: [], ops: ['src/layouts/OpsLayout.tsx'] } as const;
/** An empty-layout page that is not bare renders inside AntdScope, which EmptyLayout loads lazily. */
const ANTD_SCOPE = 'src/app/AntdScope.tsx';

/** moduleOf reads the module a lazy page loader imports: `() => import('./pages/x/XPage.tsx')`. */
function moduleOf(page: NonNullable<AppRoute['page']>): string {
  const spec = /import\(\s*["'`]\.\/([^"'`]+)["'`]\s*\)/.exec(String(page))?.[1];
  if (!spec) throw new Error(`route-preloads: cannot read the module of ${String(page)}`);
  return `src/${spec}`;
}

const entry = entryClosure(manifest);
const bytes = (file: string) => fs.statSync(path.join(dist, file)).size;

function preloadOf(routePath: string, session: boolean, modules: string[]): RoutePreload {
  const keys = new Set<string>();
  for (const m of modules) closure(manifest, m, keys);
  // The entry's own scripts and stylesheet are in index.html already.
  const chunks = [...keys].filter((k) => !entry.has(k)).map((k) => manifest[k]);
  // Largest first: over HTTP/1.1's six connections the big files should not be the last to start.
  const scripts = chunks
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({ file: c.file, size: bytes(c.file) }))
    .sort((a, b) => b.size - a.size)
    .map((s) => s.file);
  // A module that only imports a stylesheet is built as that stylesheet alone.
  const styles = [...new Set(chunks.flatMap((c) => [...(c.css ?? []), ...(c.file.endsWith('.css') ? [c.file] : [])]))];
  return { path: routePath, session, scripts, styles };
}

const preloads: RoutePreload[] = [];
function visit(route: AppRoute, parentPath: string, inherited: string[], layout: keyof typeof LAYOUT_MODULES) {
  const routePath = route.index ? parentPath : route.path!.startsWith('/') ? route.path! : `${parentPath.replace(/\/$/, '')}/${route.path}`;
  const modules = route.page ? [...inherited, moduleOf(route.page)] : inherited;
  const children = route.children ?? [];
  // A parent renders its index child at its own address: that address loads both pages.
  const index = children.find((c) => c.index);
  if (route.page && !route.index && !route.meta.redirect) {
    preloads.push(preloadOf(routePath, layout === 'console' && !route.meta.public, index?.page ? [...modules, moduleOf(index.page)] : modules));
  }
  for (const child of children) if (!child.index) visit(child, routePath, modules, layout);
}

for (const route of APP_ROUTES) {
  const layout = route.meta.layout!;
  // The operator console keeps its own session, which the hint cookie does not speak for: its pages load as before.
  if (layout === 'ops') continue;
  const around = layout === 'empty' && !route.meta.bare ? [ANTD_SCOPE] : [...LAYOUT_MODULES[layout]];
  visit(route, '', around, layout);
}

fs.writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
console.log(`route-preloads: ${preloads.length} pages → dist/${ROUTE_PRELOADS_FILE}`);
