import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { echartsViolations, firstLoadScripts } from '../scripts/bundle-rules.ts';
import { dist, readManifest, type Manifest } from '../scripts/manifest.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/pages/home/HomePage.tsx': { file: 'assets/HomePage.js', imports: ['_LazyChart.js'] },
  '_LazyChart.js': { file: 'assets/LazyChart.js', name: 'LazyChart', dynamicImports: ['src/pages/home/charts/EChart.tsx'] },
  'src/pages/home/charts/EChart.tsx': { file: 'assets/EChart.js', dynamicImports: ['src/pages/home/charts/parts/bar.ts'] },
  'src/pages/home/charts/parts/bar.ts': { file: 'assets/bar.js', imports: ['src/pages/home/charts/EChart.tsx', '_axisHelper.js'] },
  '_axisHelper.js': { file: 'assets/axisHelper.js', name: 'axisHelper', imports: ['src/pages/home/charts/EChart.tsx'] },
  'src/pages/device/ios/detail/IosDetailPage.tsx': { file: 'assets/IosDetailPage.js' },
};
const home: RoutePreload = { path: '/console', session: true, scripts: ['assets/HomePage.js', 'assets/LazyChart.js'], styles: [] };

describe('bundle rules', () => {
  it("counts a route's first load as the entry with its imports and the route's preloads", () => {
    expect(firstLoadScripts(manifest, home)).toEqual(['assets/index.js', 'assets/react.js', 'assets/HomePage.js', 'assets/LazyChart.js']);
  });

  it('accepts echarts loaded lazily by the chart box, and names a page that preloads it or imports it', () => {
    expect(echartsViolations(manifest, [home])).toEqual([]);
    const detail: RoutePreload = { path: '/console/device/ios/:id', session: true, scripts: ['assets/IosDetailPage.js', 'assets/EChart.js'], styles: [] };
    const importing = {
      ...manifest,
      'src/pages/device/ios/detail/IosDetailPage.tsx': { file: 'assets/IosDetailPage.js', imports: ['src/pages/home/charts/EChart.tsx'] },
    };
    expect(echartsViolations(importing, [home, detail])).toEqual([
      '/console/device/ios/:id loads assets/EChart.js on first load',
      'src/pages/device/ios/detail/IosDetailPage.tsx imports src/pages/home/charts/EChart.tsx',
    ]);
  });

  // On the real build when there is one (WEB_DIST or apps/web/dist): `npm run size` checks the same after a build.
  const built = fs.existsSync(path.join(dist, '.vite/manifest.json')) && fs.existsSync(path.join(dist, ROUTE_PRELOADS_FILE));
  it.skipIf(!built)('the build loads echarts only with a chart', () => {
    const preloads: RoutePreload[] = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'));
    expect(echartsViolations(readManifest(), preloads)).toEqual([]);
  });
});
