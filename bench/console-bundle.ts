import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { seedE2e, E2E } from '../e2e/seed.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * First-load JavaScript of the login page and the console home, as a browser really loads them:
 * every script response of a fresh page load, gzip-compressed here at level 9 (what a gzip front serves).
 */
export async function benchConsoleBundle() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('build the console first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-web-'));
  await seedE2e(dataDir);
  const port = 4700 + (process.pid % 200);
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_STORE: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const measure = async (pathname: string, signIn: boolean) => {
      const context = await browser.newContext({ baseURL: base });
      const page = await context.newPage();
      if (signIn) {
        await page.goto('/login');
        await page.getByPlaceholder('手机号').fill(E2E.admin);
        await page.getByPlaceholder('密码').fill(E2E.password);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.waitForURL(/\/console/);
      }
      // A new page in the same context starts with an empty module cache: a true first load.
      const fresh = await context.newPage();
      const scripts = new Map<string, number>();
      fresh.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = await res.body().catch(() => Buffer.alloc(0));
        scripts.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
      });
      await fresh.goto(pathname, { waitUntil: 'networkidle' });
      await context.close();
      // BENCH_VERBOSE=1 lists each script, largest first: where the bytes come from.
      if (process.env.BENCH_VERBOSE) for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${pathname} ${(size / 1024).toFixed(1).padStart(6)} KB ${new URL(url).pathname}`);
      return { files: scripts.size, gzip: [...scripts.values()].reduce((a, b) => a + b, 0) };
    };
    const loginPage = await measure('/login', false);
    const home = await measure('/console', true);
    await browser.close();
    return { loginPage, home };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
