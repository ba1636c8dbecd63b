import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { topUpStore } from '../apps/server/src/modules/report/top-up.ts';
import { type AppleStage, startAppleStage } from './apple-stage.ts';
import { launchBrowser, login, moreAction, newPage } from './browser.ts';
import { E2E } from './seed.ts';

/**
 * Issue 29 part 4 in the browser ("words and small flows"): the release dialog (结清释放) keeps its submit on a
 * phone's screen, a locked phone is not moved to the recycle bin without a word, the SMS-sized enrolment link
 * redirects, and the operation log's 报告查看 tab lists a report's full view.
 */
let stage: AppleStage;
let server: AppleStage['server'];
let browser: Browser;

/** topUp gives the store money for one basic report, which the report-view tab needs. */
async function topUp(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    const [admin] = await database.db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    await topUpStore(database.db, admin.storeId, { balanceFen: 10_000, rcsCount: 0, key: 'e2e-small-flows-top-up' });
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  stage = await startAppleStage('small-flows', 5700, { prepare: topUp });
  ({ server } = stage);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

/** inView: the element lies wholly inside the page's viewport. */
async function inView(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  const size = page.viewportSize();
  return Boolean(box && size && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width);
}

let deviceId = '';
let enrollLink = '';

describe('small flows', () => {
  it('issues a short enrolment link that redirects to the phone’s enrolment page', async () => {
    const api = await stage.adminApi();
    const serial = 'E2ESMALL0001';
    const { list } = await api<{ list: { id: string; enroll_link: string }[] }>('/api/device/ios/new', { serial_numbers: [serial] });
    deviceId = list[0].id;
    enrollLink = list[0].enroll_link;

    // The console shows the short link beside the long one on the waiting device's page.
    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    await page.goto(`/console/device/ios/${deviceId}`);
    const shown = page.getByText(/\/e\/[2-9a-z]{8}/).first();
    await shown.waitFor();
    const short = /https?:\/\/\S+\/e\/[2-9a-z]{8}/.exec(await shown.innerText())?.[0] ?? '';
    expect(short.length).toBeLessThan(60);

    const hop = await fetch(short.replace(/^https?:\/\/[^/]+/, server.origin), { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toMatch(/^\/enroll\/[\w-]+$/);
    // Followed in a browser, it lands on the hirer's page for that phone.
    const hirer = await newPage(browser, server.origin, 'phone');
    await hirer.goto(short.replace(/^https?:\/\/[^/]+/, server.origin));
    await hirer.waitForURL(/\/enroll\//);
    await hirer.getByText(serial).first().waitFor();
    const dead = await fetch(`${server.origin}/e/zzzzzzzz`);
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain('登记链接无效或已过期');
  });

  it('warns before a locked phone goes to the recycle bin, and needs the tick', async () => {
    const api = await stage.adminApi();
    const phone = await stage.enrolPhone(enrollLink, { serialNumber: 'E2ESMALL0001', model: 'iPhone15,2' });
    await api('/api/device/ios/command/lock', { device_id: deviceId, message: '租金逾期，请联系门店' });
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 15_000 }).toBe(true);

    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    await page.goto(`/console/device/ios/${deviceId}`);
    await page.getByText('已锁定').first().waitFor({ timeout: 15_000 });
    await moreAction(page, 'desktop', /移入回收站/);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/设备仍处于锁定状态.*移入回收站后无法解锁/).waitFor();
    await dialog.getByRole('button', { name: '移入回收站' }).click();
    await dialog.getByText('请勾选确认后再继续').waitFor();
    expect(await dialog.getByRole('checkbox', { name: '我已知晓设备将保持锁定，仍移入回收站' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('keeps the 结清释放 dialog’s submit button on screen on a phone and at 1366×768', async () => {
    for (const screen of ['phone', 'desktop'] as const) {
      const page = await newPage(browser, server.origin, screen);
      await login(page, E2E.admin);
      await page.goto(`/console/device/ios/${deviceId}`);
      if (screen === 'phone') await moreAction(page, 'phone', /结清释放/);
      else {
        await page.getByRole('button', { name: /安全与释放/ }).click();
        await page.getByRole('menuitem', { name: /结清释放/ }).click();
      }
      const dialog = page.getByRole('dialog').filter({ hasText: '结清释放 ·' });
      await dialog.getByText('已选择保留数据').first().waitFor();
      await dialog.getByLabel('登录密码或二级密码').waitFor();
      const submit = dialog.getByRole('button', { name: '开始结清释放' });
      expect(await inView(page, await submit.boundingBox()), `${screen}: submit on screen`).toBe(true);
      if (screen === 'phone') expect(await dialog.locator('table').count()).toBe(0);
      await page.context().close();
    }
  });

  it('lists a report’s full view on the operation log’s 报告查看 tab', async () => {
    const api = await stage.adminApi();
    const report = await api<{ id: string }>('/api/report/add', {
      name: '赵小六',
      id_card: '11010519491231002X',
      phone_number: '13800000006',
      level: 'basic',
      authorised: true,
    });
    await expect
      .poll(
        async () => {
          try {
            await api(`/api/report/preview?id=${report.id}`);
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    await page.goto('/console/security/operation-log/report-view');
    await page.getByRole('tab', { name: '报告查看' }).waitFor();
    const row = page.getByRole('row', { name: /王管理员.*赵小六/ });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('基础版');
  });
});
