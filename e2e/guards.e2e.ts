import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E } from './seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pathOf = (page: Page) => new URL(page.url()).pathname;
async function settlesAt(page: Page, pathname: string) {
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(pathname);
}

describe('route guards', () => {
  it('sends a visitor without tokens to /login, remembering where they were going', async () => {
    const page = await newPage(browser);
    await page.goto('/console/device/ios/list');
    await settlesAt(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/console/device/ios/list');
    await page.getByPlaceholder('手机号').fill(E2E.admin);
    await page.getByPlaceholder('密码').fill(E2E.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await settlesAt(page, '/console/device/ios/list');
  });

  it('lets anyone reach the dev page without signing in', async () => {
    const page = await newPage(browser);
    await page.goto('/system/dev');
    await expect.poll(() => page.getByText('开发者页面').first().isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/system/dev');
  });

  it('sends a store without the Android module back to /console', async () => {
    const page = await newPage(browser);
    await login(page, E2E.smallStoreAdmin);
    await page.goto('/console/device/android/list');
    await settlesAt(page, '/console');
    await page.goto('/console/report/advanced');
    await settlesAt(page, '/console');
    await page.goto('/console/device/ios/list');
    await settlesAt(page, '/console/device/ios/list');
  });

  it('keeps a clerk who is not admin out of merchant pages', async () => {
    const page = await newPage(browser);
    await login(page, E2E.clerk);
    for (const path of ['/console/merchant/employee', '/console/merchant/config', '/console/merchant/update-abm-token']) {
      await page.goto(path);
      await settlesAt(page, '/console');
    }
  });

  it('needs Dc1 for the login log and Db1 for the Apple operation log', async () => {
    const clerkPage = await newPage(browser);
    await login(clerkPage, E2E.clerk);
    await clerkPage.goto('/console/security/login-log');
    await settlesAt(clerkPage, '/console');
    await clerkPage.goto('/console/security/operation-log/apple');
    await settlesAt(clerkPage, '/console');

    const auditor = await newPage(browser);
    await login(auditor, E2E.auditor);
    await auditor.goto('/console/security/login-log');
    await settlesAt(auditor, '/console/security/login-log');
    await auditor.goto('/console/security/operation-log/apple');
    await settlesAt(auditor, '/console/security/operation-log/apple');
  });

  it('shows only what the clerk may open in the menu', async () => {
    const admin = await newPage(browser);
    await login(admin, E2E.admin);
    await expect
      .poll(() =>
        admin
          .getByRole('navigation', { name: '控制台菜单' })
          .getByRole('link', { name: /店员管理/ })
          .count(),
      )
      .toBeGreaterThan(0);
    const clerkPage = await newPage(browser);
    await login(clerkPage, E2E.clerk);
    await expect.poll(() => clerkPage.getByRole('navigation', { name: '控制台菜单' }).isVisible()).toBe(true);
    expect(
      await clerkPage
        .getByRole('navigation', { name: '控制台菜单' })
        .getByRole('link', { name: /店员管理/ })
        .count(),
    ).toBe(0);
    expect(
      await clerkPage
        .getByRole('navigation', { name: '控制台菜单' })
        .getByRole('link', { name: /登录日志/ })
        .count(),
    ).toBe(0);
  });
});

describe('device routes and not-found pages', () => {
  it('answers a device id that is not a uuid with 404 设备不存在', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    await page.goto('/console/device/ios/not-a-uuid');
    await expect.poll(() => page.getByText('设备不存在').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
  });

  it('redirects /console/device/{uuid} to the Apple detail and anything else to the Apple list', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    const id = '3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b';
    await page.goto(`/console/device/${id}`);
    await settlesAt(page, `/console/device/ios/${id}`);
    await page.goto('/console/device/whatever');
    await settlesAt(page, '/console/device/ios/list');
    await page.goto('/console/device/recycled-list');
    await settlesAt(page, '/console/device/ios/recycled-list');
  });

  it('shows 404 页面不存在 with the path for an unknown route', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    await page.goto('/console/no/such/page');
    await expect.poll(() => page.getByText('页面不存在').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('/console/no/such/page').first().isVisible()).toBe(true);
  });
});
