import { chromium } from 'playwright-core';
import { E2E } from '../e2e/seed.ts';
import { startConsoleServer } from './console-server.ts';

export interface RouteBytes {
  route: string;
  /** Script bytes as transferred (compressed bodies), and how many files. */
  js: number;
  files: number;
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
    const measure = async (route: string, pathname: string, signIn: boolean): Promise<RouteBytes> => {
      const context = await browser.newContext({ baseURL: server.base });
      if (signIn) {
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByPlaceholder('手机号').fill(E2E.admin);
        await page.getByPlaceholder('密码').fill(E2E.password);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.waitForURL(/\/console/);
      }
      // A new page in the same context starts with an empty module cache: a true first load.
      const fresh = await context.newPage();
      const responses: Promise<{ type: string; url: string; size: number; encoding: string }>[] = [];
      fresh.on('requestfinished', (req) =>
        responses.push(
          Promise.all([req.sizes(), req.response()]).then(([sizes, res]) => ({
            type: req.resourceType(),
            url: req.url(),
            size: sizes.responseBodySize,
            encoding: res?.headers()['content-encoding'] ?? 'identity',
          })),
        ),
      );
      await fresh.goto(pathname, { waitUntil: 'networkidle' });
      const all = await Promise.all(responses);
      await context.close();
      const scripts = all.filter((r) => r.type === 'script');
      // BENCH_VERBOSE=1 lists each script, largest first: where the bytes come from.
      if (process.env.BENCH_VERBOSE) for (const s of scripts.sort((a, b) => b.size - a.size)) console.log(`  ${route} ${(s.size / 1024).toFixed(1).padStart(6)} KB ${new URL(s.url).pathname}`);
      return {
        route,
        js: scripts.reduce((a, s) => a + s.size, 0),
        files: scripts.length,
        total: all.reduce((a, s) => a + s.size, 0),
        encodings: [...new Set(scripts.map((s) => s.encoding))].join('/'),
      };
    };
    return [
      await measure('/login', '/login', false),
      await measure('/console', '/console', true),
      await measure('Apple list', '/console/device/ios/list', true),
      await measure('Apple detail', `/console/device/ios/${server.appleId}`, true),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
