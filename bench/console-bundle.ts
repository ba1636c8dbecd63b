import { chromium } from 'playwright-core';
import { E2E } from '../e2e/seed.ts';
import { startConsoleServer } from './console-server.ts';

export interface RouteBytes {
  route: string;
  /** Script bytes as transferred (compressed bodies) until the page's content shows, and how many files. */
  js: number;
  files: number;
  /** Script bytes once the network is idle: with what loads after the content (echarts, other tabs). */
  jsIdle: number;
  /** Every response's body as transferred: document, scripts, styles, API answers. */
  total: number;
  /** The content-encodings seen on scripts, e.g. "br". */
  encodings: string;
}

/**
 * First-load bytes of the login page, the console home, the Apple list and an Apple detail, as a
 * browser really loads them from the server (compression on): every response of a fresh page load,
 * counted by its encoded body size.
 */
export async function benchConsoleBundle(): Promise<RouteBytes[]> {
  const server = await startConsoleServer(4700);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // The session is made once through the login form and handed to each measured page as storage, so
    // every measured load starts with an empty HTTP cache (a context shares its cache between pages).
    const signedIn = await (async () => {
      const context = await browser.newContext({ baseURL: server.base });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByPlaceholder('手机号').fill(E2E.admin);
      await page.getByPlaceholder('密码').fill(E2E.password);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/console/);
      const state = await context.storageState();
      await context.close();
      return state;
    })();
    const measure = async (route: string, pathname: string, signIn: boolean, ready: string): Promise<RouteBytes> => {
      const context = await browser.newContext({ baseURL: server.base, storageState: signIn ? signedIn : undefined });
      const fresh = await context.newPage();
      // In the page: the moment its own content first shows, so scripts requested after it (echarts, the
      // panels below the figures) count as loaded after the content rather than as first load.
      // A string, not a function: tsx would wrap a function's inner arrows in a helper the page lacks.
      await fresh.addInitScript(`(() => {
        const selector = ${JSON.stringify(ready)};
        new MutationObserver(() => {
          if (window.__readyAt === undefined && document.querySelector(selector)) window.__readyAt = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      })();`);
      const encodings = new Set<string>();
      fresh.on('response', (res) => {
        if (res.request().resourceType() === 'script') encodings.add(res.headers()['content-encoding'] ?? 'identity');
      });
      await fresh.goto(pathname);
      await fresh.locator(ready).first().waitFor({ timeout: 60_000 });
      await fresh
        .waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt !== undefined, undefined, { timeout: 5_000 })
        .catch(() => {
          throw new Error(`${route}: ${ready} showed but the in-page observer missed it`);
        });
      await fresh.waitForLoadState('networkidle');
      const entries = await fresh.evaluate(() => ({
        readyAt: (window as unknown as { __readyAt: number }).__readyAt,
        resources: performance.getEntriesByType('resource').map((e) => {
          const r = e as PerformanceResourceTiming;
          return {
            url: r.name,
            start: r.startTime,
            size: r.encodedBodySize,
            script: r.initiatorType === 'script' || r.initiatorType === 'link' || /\.js(\?|$)/.test(r.name),
          };
        }),
      }));
      await context.close();
      const all = entries.resources;
      const scriptsAll = all.filter((r) => r.script && /\.js(\?|$)/.test(r.url));
      const scripts = scriptsAll.filter((r) => r.start <= entries.readyAt);
      const jsIdle = scriptsAll.reduce((a, s) => a + s.size, 0);
      // BENCH_VERBOSE=1 lists each script, largest first: where the bytes come from ('after' = after the content).
      if (process.env.BENCH_VERBOSE) {
        for (const s of [...scriptsAll].sort((a, b) => b.size - a.size)) {
          console.log(`  ${route} ${(s.size / 1024).toFixed(1).padStart(6)} KB ${s.start <= entries.readyAt ? '     ' : 'after'} ${new URL(s.url).pathname}`);
        }
      }
      return {
        route,
        js: scripts.reduce((a, s) => a + s.size, 0),
        files: scripts.length,
        jsIdle,
        total: all.reduce((a, s) => a + s.size, 0),
        encodings: [...encodings].join('/'),
      };
    };
    return [
      await measure('/login', '/login', false, 'button[type="submit"]'),
      // The home's content: its stat cards (first figure shown); lists: a row or card; detail: its tabs.
      await measure('/console', '/console', true, '[data-testid^="stat-"]'),
      await measure('Apple list', '/console/device/ios/list', true, '.ant-table-row, [data-device-card]'),
      await measure('Apple detail', `/console/device/ios/${server.appleId}`, true, '[role="tab"]'),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
