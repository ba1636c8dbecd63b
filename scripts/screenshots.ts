// Screenshots of the pages a clerk uses, at a store's desktop (1366×768) and a clerk's phone (390×844), from a
// running demo (`npm start`): `node --import tsx scripts/screenshots.ts [--base URL] [--data DIR] [--out DIR]`.
// It prints, per page, how far it scrolls sideways (0 expected) and any uncaught page error.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { SCREENS } from '../e2e/browser.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    data: { type: 'string', default: 'data' },
    out: { type: 'string', default: 'screenshots' },
  },
});
const admin = JSON.parse(fs.readFileSync(path.join(args.data, 'demo-admin.json'), 'utf8')) as { phone: string; password: string };
fs.mkdirSync(args.out, { recursive: true });

/** detailHref is the first link on the page to a device's detail (a list row or card). */
const detailHref = (page: Page, kind: 'ios' | 'android') =>
  page.evaluate(
    (k) =>
      [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(`/console/device/${k}/[0-9a-f-]{36}$`).test(h)) ??
      null,
    kind,
  );

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [screen, options] of Object.entries(SCREENS)) {
    const context = await browser.newContext({ baseURL: args.base, ...options, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const shot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      // Dialogs animate in; charts load once near the screen, draw one per task, then animate for a second.
      await page.waitForTimeout(page.url().endsWith('/console') ? 2000 : 800);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      await page.screenshot({ path: path.join(args.out, `${screen}-${name}.png`) });
      console.log(`${screen.padEnd(8)} ${name.padEnd(22)} sideways ${sideways} px`);
    };
    const visit = async (url: string, name: string) => {
      await page.goto(url);
      await shot(name);
    };
    /** open presses a button (a dialog's trigger), shoots, and closes what it opened. */
    const open = async (button: RegExp, name: string) => {
      const trigger = page.getByRole('button', { name: button }).first();
      if (!(await trigger.isVisible())) return console.log(`${screen.padEnd(8)} ${name.padEnd(22)} no button ${button}`);
      await trigger.click();
      await shot(name);
      await page.keyboard.press('Escape');
    };

    await page.goto('/login');
    await shot('login');
    await page.getByPlaceholder('手机号').fill(admin.phone);
    await page.getByPlaceholder('密码').fill(admin.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/console/);
    await shot('home');
    // The charts, as a clerk scrolls to them (on a phone they load only then).
    await page.getByRole('img', { name: '按最后活跃时间划分的在线和离线设备数' }).scrollIntoViewIfNeeded();
    await shot('home-charts');
    await page.evaluate(() => scrollTo(0, 0));
    await visit('/console/device/ios/list', 'apple-list');
    const apple = await detailHref(page, 'ios');
    if (apple) {
      await visit(apple, 'apple-detail');
      await open(/锁\s*定/, 'apple-lock');
    }
    await visit('/console/device/android/list', 'android-list');
    const android = await detailHref(page, 'android');
    if (android) {
      await visit(android, 'android-detail');
      await open(/锁\s*定/, 'android-lock');
    }
    await visit('/console/merchant/employee', 'clerks');
    await open(/新增店员/, 'clerk-new');
    await visit('/console/report/rcs', 'report-rcs');
    await visit('/console/report/basic', 'report-basic');
    if (errors.length) console.log(`${screen}: page errors`, errors);
    await context.close();
  }
} finally {
  await browser.close();
}
