import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3100';
const out = '/tmp/shots29';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [screen, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ baseURL: base, viewport, locale: 'zh-CN', ...(screen === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/login');
  await page.getByPlaceholder('手机号').fill('13900001111');
  await page.getByPlaceholder('密码').fill('Demo#2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/console/);
  await page.goto('/console/device/ios/list');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${screen}-ios-list.png` });
  if (screen === 'phone') {
    await page.getByRole('button', { name: /筛选/ }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${screen}-ios-list-filters.png`, fullPage: true });
    await page.getByRole('button', { name: /收起筛选/ }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${screen}-ios-list-bottom.png` });
  }
  const href = await page.evaluate(() => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').find((h) => /\/console\/device\/ios\/[0-9a-f-]{36}$/.test(h)));
  await page.goto(href!);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${screen}-ios-detail.png` });
  await page.goto('/console/device/android/list');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${screen}-android-list.png` });
  console.log(screen, 'errors:', errors);
  await context.close();
}
await browser.close();
