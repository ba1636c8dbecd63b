import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E } from './seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** watchCsp records every Content-Security-Policy violation the page reports, from the first document on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

describe('the console under its Content-Security-Policy', () => {
  it('signs in and opens the main pages with no CSP violation', async () => {
    const page = await newPage(browser);
    const violations = await watchCsp(page);
    await login(page, E2E.admin);
    await expect.poll(() => page.getByText('测试租机店').first().isVisible()).toBe(true);
    for (const path of ['/console/device/ios/list', '/console/device/android/list', '/console/security/login-log']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('still renders Swagger UI at /api/docs under its own policy', async () => {
    const page = await newPage(browser);
    const violations = await watchCsp(page);
    await page.goto('/api/docs');
    await expect.poll(() => page.getByText('租机宝设备管理 API').first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(violations).toEqual([]);
  });
});
