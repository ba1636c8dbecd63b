import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E } from './seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('login', () => {
  it('takes the admin from the login form to the console home, in Chinese', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    expect(new URL(page.url()).pathname).toBe('/console');
    await expect.poll(() => page.getByText('测试租机店').first().isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByPlaceholder('手机号').fill(E2E.admin);
    await page.getByPlaceholder('密码').fill('Wrong#Pass1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('账号或密码错误').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('checks the phone format before calling the server', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByPlaceholder('手机号').fill('12345');
    await page.getByPlaceholder('密码').fill('whatever1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('请输入正确的手机号').first().isVisible()).toBe(true);
  });

  it('sends a visitor holding a token from /login to /console', async () => {
    const page = await newPage(browser);
    await login(page, E2E.admin);
    await page.goto('/login');
    await page.waitForURL(/\/console$/);
  });
});
