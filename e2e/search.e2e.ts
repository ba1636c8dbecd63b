import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { launchBrowser, login, newPage, type Screen } from './browser.ts';
import { E2E, SEARCH_E2E, seedE2e, seedSearchPhones } from './seed.ts';

/**
 * The header search (issue 29): the last 4 digits of a hirer's phone find phones of both platforms as the clerk types,
 * Enter opens the first; a clerk without 查看全部设备 finds only their own. Its own server: the phones are seeded
 * into the database before the server opens it.
 */
let server: ServerProcess;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-search-'));
const port = 5200 + (process.pid % 90);

beforeAll(async () => {
  await seedE2e(dataDir);
  await seedSearchPhones(dataDir);
  server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: `http://127.0.0.1:${port}`, LOGIN_IP_LIMIT_PER_MINUTE: '1000', DEMO_DEVICES: '0' },
    port,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(phone: string, screen: Screen = 'desktop'): Promise<Page> {
  const page = await newPage(browser, server.origin, screen);
  await login(page, phone);
  return page;
}

/** reachBox clicks the header's stand-in box, whose click loads the real one, and returns the real one. */
async function reachBox(page: Page) {
  await page.getByRole('searchbox', { name: '搜索设备' }).click();
  return page.getByRole('combobox', { name: '搜索设备' });
}

/** results are the open result list's rows as text. */
const results = (page: Page) => page.locator('.ant-select-item-option').allInnerTexts();

describe('header search', () => {
  it('finds both platforms by the last 4 digits as you type, and Enter opens the device', async () => {
    const page = await signIn(E2E.admin);
    const box = await reachBox(page);
    await box.fill(SEARCH_E2E.digits);
    await expect.poll(async () => (await results(page)).length).toBe(3);
    const rows = (await results(page)).join('\n');
    expect(rows).toContain('Apple');
    expect(rows).toContain('Android');
    expect(rows).toContain('陈租客');
    expect(rows).toContain('刘租客');
    // Masked as in the lists.
    expect(rows).toContain('139****2468');
    expect(rows).not.toContain('13911112468');

    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/console\/device\/(ios|android)\/[0-9a-f-]{36}$/);
    await expect
      .poll(() =>
        page
          .getByText(/陈租客|刘租客|孙的租客/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await box.fill('无此人');
    await expect.poll(() => page.getByText('未找到匹配的设备').isVisible()).toBe(true);
  });

  it("does not find another clerk's phone for a clerk without 查看全部设备", async () => {
    const page = await signIn(SEARCH_E2E.clerkWithoutViewAll);
    await (await reachBox(page)).fill(SEARCH_E2E.digits);
    await expect.poll(async () => (await results(page)).length).toBe(1);
    const [row] = await results(page);
    expect(row).toContain('孙的租客');
    expect(row).not.toContain('陈租客');
  });

  it('opens a full-width search from the header icon on a phone, and shows the box first on the home page', async () => {
    const page = await signIn(E2E.admin, 'phone');
    // The home's box, a stand-in until reached for (the header icon's panel loads the real one at once).
    await expect.poll(() => page.getByRole('search').getByRole('searchbox', { name: '搜索设备' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '搜索设备' }).click();
    const box = page.getByRole('search', { name: '搜索设备面板' }).getByRole('combobox', { name: '搜索设备' });
    await box.fill('刘租客');
    await expect.poll(async () => (await results(page)).length).toBe(1);
    await box.press('Enter');
    await page.waitForURL(/\/console\/device\/android\/[0-9a-f-]{36}$/);
  });
});
