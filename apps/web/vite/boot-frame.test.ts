import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '@lease/shared';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dist } from '../scripts/manifest.ts';

// index.html's console frame, in a real browser: it shows when the page's HTML names the console layout's files, as
// the server writes it for a console page opened with a session (apps/server/src/http/route-preloads.ts), and not
// otherwise; its bars have the sizes ConsoleLayout.tsx and ShellFrame.tsx give the real ones, at both screens.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const html = fs.readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8').replace(/<script[^>]*src=[^>]*><\/script>/g, '');
const asConsolePage = (page: string) =>
  page.replace(
    '</head>',
    '<link rel="preload" as="style" href="/assets/ConsoleLayout-B1.css"><link rel="modulepreload" href="/assets/ConsoleLayout-B2.js"></head>',
  );

describe.skipIf(!fs.existsSync(chromiumPath))("index.html's console frame (Chromium)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  });
  afterAll(() => browser?.close());

  const open = async (content: string, width: number) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.setContent(content);
    const box = async (selector: string) => (await page.locator(selector).boundingBox()) ?? null;
    const frame = await page.locator('#boot-frame').isVisible();
    const result = { frame, header: await box('.boot-header'), sider: await box('.boot-sider'), menu: await box('.boot-menu') };
    await page.close();
    return result;
  };

  it('paints the desktop frame on a console page: a 220 px sider and a 64 px header', async () => {
    const { frame, header, sider, menu } = await open(asConsolePage(html), 1366);
    expect(frame).toBe(true);
    expect(sider).toMatchObject({ x: 0, y: 0, width: 220, height: 800 });
    expect(header).toMatchObject({ x: 220, y: 0, width: 1146, height: 64 });
    expect(menu).toBeNull();
  });

  it("paints the phone's top bar on a console page: 56 px high, the menu button where ConsoleLayout puts it", async () => {
    const { frame, header, sider, menu } = await open(asConsolePage(html), 390);
    expect(frame).toBe(true);
    expect(sider).toBeNull();
    expect(header).toMatchObject({ x: 0, y: 0, width: 390, height: 56 });
    expect(menu).toMatchObject({ x: 4, y: 2, width: 44, height: 44 });
  });

  it('shows the loading notice alone on any other page: /login, the public pages, a visitor', async () => {
    for (const width of [1366, 390]) expect((await open(html, width)).frame).toBe(false);
  });
});

// On the real build when there is one (WEB_DIST or apps/web/dist): the frame's selector names the console layout's files.
const built = fs.existsSync(path.join(dist, ROUTE_PRELOADS_FILE));
it.skipIf(!built)("the build names the console layout's files on every console page and on no other", () => {
  const preloads: RoutePreload[] = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'));
  const namesLayout = (p: RoutePreload) => [...p.scripts, ...p.styles].some((f) => f.startsWith('assets/ConsoleLayout-'));
  expect(preloads.filter((p) => p.path.startsWith('/console')).every(namesLayout)).toBe(true);
  expect(preloads.filter((p) => !p.path.startsWith('/console')).some(namesLayout)).toBe(false);
});
