// Rules over a web build (its .vite/manifest.json and dist/route-preloads.json), checked by route-bundle-size.ts
// after each build and by bundle-rules.test.ts.
import type { RoutePreload } from '@lease/shared';
import { closure, type Manifest } from './manifest.ts';

/** FIRST_LOAD_BUDGET_KB: the most JS (brotli) a route's first load may download (issue 14; /console, issue 29 part 6). */
export const FIRST_LOAD_BUDGET_KB: Record<string, number> = { '/login': 120, '/console': 180 };

/** The modules that hold echarts: the chart component (core and renderer) and one part per chart kind (home/charts/echarts.ts). */
export const ECHARTS_MODULE = /^src\/pages\/home\/charts\/(EChart\.tsx|parts\/)/;
/** The modules that may load echarts: the lazy chart boxes and the report's charts, each loaded only where a chart is drawn. */
export const CHART_LOADERS = /^src\/pages\/(home\/charts\/(LazyChart|EChart)\.tsx|home\/charts\/parts\/|report\/view\/charts\/ReportCharts\.tsx)/;

export const entryKey = (manifest: Manifest) => Object.keys(manifest).find((k) => manifest[k].isEntry)!;

/** firstLoadScripts are the scripts a route's first load fetches: the entry with its static imports, and the route's preloads. */
export function firstLoadScripts(manifest: Manifest, preload: RoutePreload): string[] {
  const entry = [...closure(manifest, entryKey(manifest))].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  return [...new Set([...entry, ...preload.scripts])];
}

/**
 * echartsKeys are the manifest keys of echarts' code: the chart component, its parts, and the chunks the bundler
 * split out of echarts for the parts to share (they import the chart component's chunk, where echarts' core is).
 */
export function echartsKeys(manifest: Manifest): string[] {
  const own = Object.keys(manifest).filter((k) => ECHARTS_MODULE.test(k));
  const shared = Object.keys(manifest).filter((k) => k.startsWith('_') && (manifest[k].imports ?? []).some((i) => own.includes(i)));
  return [...own, ...shared];
}

/**
 * echartsViolations lists what breaks "no page loads echarts unless it draws a chart": a route whose first load
 * carries an echarts chunk, and a module other than a chart's that imports one (statically or lazily).
 */
export function echartsViolations(manifest: Manifest, preloads: readonly RoutePreload[]): string[] {
  const keys = echartsKeys(manifest);
  if (!keys.length) return ['no echarts module in the build manifest (renamed? update ECHARTS_MODULE)'];
  const files = new Set(keys.map((k) => manifest[k].file));
  const out: string[] = [];
  for (const p of preloads) {
    const hit = firstLoadScripts(manifest, p).filter((f) => files.has(f));
    if (hit.length) out.push(`${p.path} loads ${hit.join(', ')} on first load`);
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    // A shared chunk is known by its name (LazyChart), a module by its path.
    if (keys.includes(key) || CHART_LOADERS.test(key.startsWith('_') ? `src/pages/home/charts/${chunk.name}.tsx` : key)) continue;
    const via = [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].filter((k) => keys.includes(k));
    if (via.length) out.push(`${key} imports ${via.join(', ')}`);
  }
  return out;
}
