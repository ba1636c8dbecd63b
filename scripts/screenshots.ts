// Screenshots of the pages a clerk uses, at a store's desktop (1366×768) and a clerk's phone (390×844), from a
// running demo (`npm start`): `npm run screenshots -- [--base URL] [--data DIR] [--out DIR]` (npm's PATH runs it on
// the project's Node 24). The demo admin's password comes from the server's data folder: `--data`, else DATA_DIR
// as the server reads it (relative to apps/server), else apps/server/data. It prints, per page, how far it scrolls
// sideways (0 expected) and any uncaught page error.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { SCREENS } from '../e2e/browser.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    data: { type: 'string', default: path.resolve('apps/server', process.env.DATA_DIR ?? 'data') },
    out: { type: 'string', default: 'screenshots' },
  },
});
const admin = JSON.parse(fs.readFileSync(path.join(args.data, 'demo-admin.json'), 'utf8')) as { phone: string; password: string };
fs.mkdirSync(args.out, { recursive: true });

/** detailHrefs are the page's links to device details (list rows or cards), in order, each once. */
const detailHrefs = (page: Page, kind: 'ios' | 'android') =>
  page.evaluate(
    (k) => [
      ...new Set(
        [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((h) => new RegExp(`/console/device/${k}/[0-9a-f-]{36}$`).test(h)),
      ),
    ],
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
    const note = (name: string, text: string) => console.log(`${screen.padEnd(8)} ${name.padEnd(22)} ${text}`);
    /** open presses a button (a dialog's trigger), shoots, and closes what it opened; a missing or disabled button is noted and skipped. */
    const open = async (button: RegExp, name: string) => {
      const trigger = page.getByRole('button', { name: button }).first();
      if (!(await trigger.isVisible())) return note(name, `skipped: no button ${button}`);
      if (!(await trigger.isEnabled())) return note(name, `skipped: button ${button} is disabled`);
      await trigger.click();
      // Dialogs' code loads when first opened: wait for the dialog itself, not only for the network.
      await page
        .getByRole('dialog')
        .last()
        .waitFor({ timeout: 15_000 })
        .catch(() => note(name, 'no dialog appeared within 15 s'));
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
    /**
     * detailAndLock shoots the first device's detail page, then the lock dialog of the first device whose 锁定 is enabled
     * (an enrolled phone; one registered but not yet enrolled has it disabled). Without one it says so and goes on.
     */
    const detailAndLock = async (kind: 'ios' | 'android', prefix: string) => {
      // The list page's code and rows may still be loading on a busy machine; an empty list gives up after 15 s.
      await page
        .locator(`a[href*="/console/device/${kind}/"]`)
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => {});
      const hrefs = await detailHrefs(page, kind);
      if (!hrefs.length) return note(`${prefix}-detail`, 'skipped: no device in the list');
      for (const [i, href] of hrefs.entries()) {
        if (i === 0) await visit(href, `${prefix}-detail`);
        else await page.goto(href);
        const lock = page.getByRole('button', { name: /锁\s*定/ }).first();
        await lock.waitFor({ timeout: 10_000 }).catch(() => {});
        if ((await lock.isVisible()) && (await lock.isEnabled())) return open(/锁\s*定/, `${prefix}-lock`);
      }
      note(`${prefix}-lock`, `skipped: none of the ${hrefs.length} devices listed can be locked (not enrolled yet?)`);
    };
    await visit('/console/device/ios/list', 'apple-list');
    await detailAndLock('ios', 'apple');
    await visit('/console/device/android/list', 'android-list');
    await detailAndLock('android', 'android');
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
