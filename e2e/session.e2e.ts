import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E } from './seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('session', () => {
  it('refreshes an expired access token without the clerk noticing', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/auth/refresh')) refreshes.push(res.status());
    });
    // The e2e server issues 4-second access tokens.
    await page.waitForTimeout(5_000);
    await page.goto('/console/security/password');
    await expect.poll(() => page.getByText('登录密码').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/console/security/password');
    expect(refreshes).toContain(200);
  });

  it('logs out: the tokens are cleared and protected pages send to /login', async () => {
    const page = await newPage(browser);
    await login(page, E2E.auditor);
    await page.getByText('赵审计').first().click();
    await page.getByText('退出登录').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.goto('/console');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });
});
