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
  /** Responses fetched until the network was idle. */
  requests: number;
  /** What React built: commits until the content showed and until the network was idle, fibers in the tree then. */
  react: { commitsToReady: number; commits: number; fibers: number };
  /** Elements in the document at network idle. */
  elements: number;
}

/** PHONE is the screen the phone figures are taken on (an iPhone 12-15's CSS pixels), touch and mobile viewport on. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } as const;

export interface ConsoleBundleOptions {
  /** Load the pages on PHONE's screen instead of the default 1280×720 desktop window. */
  phone?: boolean;
  /** Which pages to load (by route name); all four when absent. */
  routes?: readonly string[];
}

/**
 * First-load bytes of the login page, the console home, the Apple list and an Apple detail, as a
 * browser really loads them from the server (compression on): every response of a fresh page load,
 * counted by its encoded body size. With `phone`, on a phone's screen, where the layout renders (and
 * loads) differently: cards instead of tables, a drawer instead of the side menu.
 */
export async function benchConsoleBundle({ phone = false, routes }: ConsoleBundleOptions = {}): Promise<RouteBytes[]> {
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
      const context = await browser.newContext({ baseURL: server.base, storageState: signIn ? signedIn : undefined, ...(phone ? PHONE : {}) });
      const fresh = await context.newPage();
      // In the page: the moment its own content first shows, so scripts requested after it (echarts, the
      // panels below the figures) count as loaded after the content rather than as first load.
      // A string, not a function: tsx would wrap a function's inner arrows in a helper the page lacks.
      await fresh.addInitScript(`(() => {
        const selector = ${JSON.stringify(ready)};
        new MutationObserver(() => {
          if (window.__readyAt === undefined && document.querySelector(selector)) window.__readyAt = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
        // React reports each commit to the DevTools hook, in production builds too: counted here, and the tree
        // walked once at the end, so the figures are the same on a fast or a loaded box (unlike milliseconds).
        const react = (window.__react = { commits: 0, commitsToReady: 0, roots: new Set() });
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onScheduleFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberRoot: (_id, root) => {
            react.commits += 1;
            if (window.__readyAt === undefined) react.commitsToReady = react.commits;
            react.roots.add(root);
          },
        };
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
      const rendered = await fresh.evaluate(`(() => {
        const { commits, commitsToReady, roots } = window.__react;
        let fibers = 0;
        const walk = (fiber) => {
          for (let f = fiber; f; f = f.sibling) {
            fibers += 1;
            walk(f.child);
          }
        };
        for (const root of roots) walk(root.current);
        return { react: { commits, commitsToReady, fibers }, elements: document.getElementsByTagName('*').length };
      })()`);
      const entries = await fresh.evaluate(() => ({
        readyAt: (window as unknown as { __readyAt: number }).__readyAt,
        documentSize: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.encodedBodySize ?? 0,
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
        total: entries.documentSize + all.reduce((a, s) => a + s.size, 0),
        encodings: [...encodings].join('/'),
        // The document itself is a navigation, not a resource entry.
        requests: all.length + 1,
        ...(rendered as Pick<RouteBytes, 'react' | 'elements'>),
      };
    };
    const pages: [string, string, boolean, string][] = [
      ['/login', '/login', false, 'button[type="submit"]'],
      // The home's content: its stat cards (first figure shown); lists: a row or card; detail: its tabs.
      ['/console', '/console', true, '[data-testid^="stat-"]'],
      ['Apple list', '/console/device/ios/list', true, '.ant-table-row, [data-device-card]'],
      ['Apple detail', `/console/device/ios/${server.appleId}`, true, '[role="tab"]'],
    ];
    const rows: RouteBytes[] = [];
    for (const [route, pathname, signIn, ready] of pages) if (!routes || routes.includes(route)) rows.push(await measure(route, pathname, signIn, ready));
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
