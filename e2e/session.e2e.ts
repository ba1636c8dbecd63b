import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, login, newPage } from './browser.ts';
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
    await expect.poll(() => page.getByText('登录密码').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/console/security/password');
    expect(refreshes).toContain(200);
  });

  it('logs out: the session ends on the server, the tokens are cleared and protected pages send to /login', async () => {
    const page = await newPage(browser);
    await login(page, E2E.auditor);
    const held = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as { access_token: string; refresh_token: string });
    const logouts: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/auth/logout')) logouts.push(res.status());
    });
    await page.getByText('赵审计').first().click();
    await page.getByText('退出登录').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(logouts).toEqual([200]);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    // The tokens the tab held are dead on the server, not just forgotten by the browser.
    const refused = await page.request.post('/api/auth/refresh', { data: { refresh_token: held.refresh_token } });
    expect(refused.status()).toBe(401);
    const me = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${held.access_token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/console');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });

  it('keeps two tabs of one session signed in when both refresh an expired access token at once', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const first = await context.newPage();
    await login(first, E2E.admin);
    const second = await context.newPage();
    const refreshes: number[] = [];
    for (const p of [first, second]) {
      p.on('response', (res) => {
        if (res.url().endsWith('/api/auth/refresh')) refreshes.push(res.status());
      });
    }
    // The e2e server issues 4-second access tokens: both tabs find theirs expired and refresh together.
    await first.waitForTimeout(5_000);
    await Promise.all([first.goto('/console/security/password'), second.goto('/console/security/password')]);
    for (const p of [first, second]) {
      await expect.poll(() => p.getByText('登录密码').first().isVisible(), { timeout: 15_000 }).toBe(true);
      expect(new URL(p.url()).pathname).toBe('/console/security/password');
    }
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((s) => s === 200)).toBe(true);
    await context.close();
  });
});
