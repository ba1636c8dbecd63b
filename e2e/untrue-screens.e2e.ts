import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E, UNTRUE_E2E, seedE2e, seedUntrueScreens } from './seed.ts';

/**
 * Issue 29 part 2 in the browser ("screens that say something untrue"): the 系统限制 dialog counts the wallpaper
 * lock, the wallpaper dialog starts from the phone's state, and a clerk with Apple permissions only is offered
 * neither Android nor 专业版报告 in the menu.
 */
let server: ServerProcess;
let browser: Browser;
let ids: Awaited<ReturnType<typeof seedUntrueScreens>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-untrue-'));
const port = 5800 + (process.pid % 90);

beforeAll(async () => {
  await seedE2e(dataDir);
  ids = await seedUntrueScreens(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_IP_LIMIT_PER_MINUTE: '1000' }, port);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** openAction opens one of the Apple detail header's menus (限制与应用, 设备设置) and the dialog of one of its entries. */
async function openAction(page: Page, deviceId: string, menu: string, entry: string) {
  await page.goto(`/console/device/ios/${deviceId}`);
  await page.getByRole('button', { name: menu }).first().click();
  await page.getByRole('menuitem', { name: entry }).click();
  return page.getByRole('dialog');
}

describe('screens that say what the phone has', () => {
  it('系统限制 shows the wallpaper lock as on, counts it, and never says 所有限制都已关闭', async () => {
    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    const dialog = await openAction(page, ids.lockedWallpaper, '限制与应用', '系统限制');
    await dialog.getByText('由壁纸设置控制', { exact: true }).waitFor();
    const lock = dialog.getByRole('switch', { name: '禁止更换壁纸' });
    expect(await lock.getAttribute('aria-checked')).toBe('true');
    expect(await lock.isDisabled()).toBe(true);
    expect(await dialog.getByText(/开启的 1 项在手机上生效/).isVisible()).toBe(true);
    expect(await dialog.getByText(/所有限制都已关闭/).count()).toBe(0);
  });

  it('设置壁纸 starts 允许租机人更换壁纸 from what the phone has, and says nothing changes', async () => {
    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    for (const [deviceId, allowed] of [
      [ids.freeWallpaper, 'true'],
      [ids.lockedWallpaper, 'false'],
    ] as const) {
      const dialog = await openAction(page, deviceId, '设备设置', '设置壁纸');
      const allow = dialog.getByRole('switch', { name: '允许租机人更换壁纸' });
      await expect.poll(() => allow.getAttribute('aria-checked')).toBe(allowed);
      await expect.poll(() => dialog.getByText(/不改变设备的限制/).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});

describe('a clerk with Apple permissions only', () => {
  it('sees Apple in the menu but no Android section and no 专业版报告, and a forbidden page says so', async () => {
    const page = await newPage(browser, server.origin);
    await login(page, UNTRUE_E2E.appleOnlyClerk);
    const nav = page.getByRole('navigation', { name: '控制台菜单' });
    await expect.poll(() => nav.getByRole('link', { name: '设备列表' }).count()).toBe(1);
    expect(await nav.getByText('Apple 设备').count()).toBeGreaterThan(0);
    expect(await nav.getByText('Android 设备').count()).toBe(0);
    expect(await nav.getByText('专业版报告').count()).toBe(0);
    expect(await nav.getByText('报告中心').count()).toBe(0);

    // An admin page opened by its URL: back home with the same words as a missing permission (review §2.3).
    await page.goto('/console/merchant/employee');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console');
    await expect.poll(() => page.getByText('没有权限访问该页面').first().isVisible()).toBe(true);
  });
});
