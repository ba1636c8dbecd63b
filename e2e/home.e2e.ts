import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnrollmentStatus, LockStatus } from '@lease/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { androidDevice } from '../apps/server/src/domain/android-device.table.ts';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { iosDevice } from '../apps/server/src/domain/ios-device.table.ts';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { launchBrowser } from './browser.ts';
import { unstyledAntd } from './unstyled-antd.ts';
import { E2E, seedE2e } from './seed.ts';

/**
 * Issue 5 in the browser: the console home draws its charts from the store's real devices, and the login
 * log lists the sign-in that just happened. Own server: the shared one's store has no devices.
 */
let server: ServerProcess;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-home-'));
const port = 5100 + (process.pid % 90);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** seedDevices gives the admin's store 6 iPhones (2 locked, 1 waiting to enrol, 1 never seen) and 2 Android phones. */
async function seedDevices() {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    const [admin] = await database.db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    const ios = (n: number, values: Partial<typeof iosDevice.$inferInsert>) => ({
      storeId: admin.storeId,
      clerkId: admin.id,
      serialNumber: `HOMEE2E${String(n).padStart(5, '0')}`,
      enrollmentStatus: EnrollmentStatus.ENROLLED,
      ...values,
    });
    await database.db
      .insert(iosDevice)
      .values([
        ios(1, { lastActiveTime: hoursAgo(1), lockStatus: LockStatus.LOCKED }),
        ios(2, { lastActiveTime: hoursAgo(2) }),
        ios(3, { lastActiveTime: hoursAgo(8), lockStatus: LockStatus.LOCKED, registrationTime: hoursAgo(24 * 5) }),
        ios(4, { lastActiveTime: hoursAgo(30), registrationTime: hoursAgo(24 * 12) }),
        ios(5, { lastActiveTime: hoursAgo(100) }),
        ios(6, { lastActiveTime: null, enrollmentStatus: EnrollmentStatus.REGISTERED }),
      ]);
    await database.db.insert(androidDevice).values([
      { storeId: admin.storeId, clerkId: admin.id, serialNumber: 'HOMEE2EA0001', lastActiveTime: hoursAgo(0.5) },
      { storeId: admin.storeId, clerkId: admin.id, serialNumber: 'HOMEE2EA0002', lastActiveTime: hoursAgo(50) },
    ]);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  await seedE2e(dataDir);
  await seedDevices();
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_IP_LIMIT_PER_MINUTE: '1000' }, port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** hasRulesFor tells whether a stylesheet the page applies styles `.ant-<component>`. */
const hasRulesFor = (page: Page, component: string) =>
  page.evaluate(
    (c) => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((r) => r instanceof CSSStyleRule && r.selectorText.startsWith(`.ant-${c}`))),
    component,
  );

async function signIn(phone = E2E.admin): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByPlaceholder('密码').fill(E2E.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/console/);
  return page;
}

/** statValue reads a headline card's figure (the number before 台). */
async function statValue(page: Page, key: string): Promise<number | null> {
  const text = await page.getByTestId(`stat-${key}`).locator('div').nth(1).innerText();
  const m = /^([\d,]+)\s*台$/.exec(text.trim());
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

describe('console home', () => {
  it("shows the store's figures and draws every chart from them", async () => {
    const page = await signIn();
    // The figure itself, not a substring of the card (16 or a hint's "3 小时" would contain 6 or 3).
    await expect.poll(() => statValue(page, 'ios')).toBe(6);
    expect(await statValue(page, 'android')).toBe(2);
    expect(await statValue(page, 'locked')).toBe(2);
    // Online within 3 h: 2 iPhones + 1 Android; offline over 24 h: 2 iPhones + 1 Android. The iPhone waiting to
    // enrol is 待激活, not offline.
    expect(await statValue(page, 'online')).toBe(3);
    expect(await statValue(page, 'offline')).toBe(3);

    // Charts load and draw as they come near the screen: scroll to each, as a clerk would.
    for (const name of [
      '按平台和接入状态统计的设备数',
      '已锁定与未锁定的设备数',
      '按最后活跃时间划分的在线和离线设备数',
      '近 30 天每天登记的设备数',
      '每位店员的名下设备数和额度使用',
    ]) {
      // The one above may already have brought this box near, and its placeholder can be swapped for the chart
      // mid-scroll (the element detaches): scroll again, to whichever of the two is there now.
      await vi.waitFor(() => page.getByRole('img', { name }).scrollIntoViewIfNeeded({ timeout: 2000 }), { timeout: 10_000, interval: 50 });
    }
    const charts = page.locator('[data-chart] svg');
    await expect.poll(() => charts.count(), { timeout: 20_000 }).toBe(5);
    const lockChart = page.getByRole('img', { name: '已锁定与未锁定的设备数' });
    await expect.poll(() => lockChart.locator('svg path').count()).toBeGreaterThan(2);
    const lockText = await lockChart.locator('svg').textContent();
    expect(lockText).toContain('已锁定');
    expect(lockText).toContain('未锁定');
    const statusText = await page.getByRole('img', { name: '按平台和接入状态统计的设备数' }).locator('svg').textContent();
    expect(statusText).toContain('Apple');
    expect(statusText).toContain('Android');
    expect(await page.getByRole('img', { name: '每位店员的名下设备数和额度使用' }).locator('svg').textContent()).toContain('王管理员');

    // The report panel counts the store's real reports (none yet in this store).
    await expect.poll(() => page.getByText('0 份（基础版 0 · 进阶版 0）').count()).toBe(1);
    expect(await unstyledAntd(page)).toEqual([]);
    expect(await hasRulesFor(page, 'table')).toBe(false);
  });

  it('guides a store without devices to its first enrolment instead of drawing empty charts', async () => {
    const page = await signIn(E2E.smallStoreAdmin);
    await page.getByText('门店还没有设备').waitFor();
    expect(await page.getByTestId('stat-android').locator('div').nth(1).innerText()).toBe('未开通');
    expect(await page.locator('[data-chart] svg').count()).toBe(0);
    expect(await page.getByRole('link', { name: '登记 Apple 设备' }).count()).toBe(1);
    expect(await unstyledAntd(page)).toEqual([]);
  });
});

describe('login log page', () => {
  it('lists the sign-in that just happened and filters by result', async () => {
    await fetch(`${server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: E2E.auditor, password: 'Wrong#Pass1' }),
    });
    const page = await signIn(E2E.auditor);
    await page.goto('/console/security/login-log');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    // The table's part of antd's stylesheet came with the table, and so did every other component's.
    expect(await hasRulesFor(page, 'table')).toBe(true);
    expect(await unstyledAntd(page)).toEqual([]);
    const first = await rows.first().innerText();
    expect(first).toContain('赵审计');
    expect(first).toContain(E2E.auditor);
    expect(first).toContain('登录成功');
    // The failed attempt just made is listed too, as its own row.
    expect((await rows.allInnerTexts()).filter((t) => t.includes(E2E.auditor) && t.includes('密码错误'))).toHaveLength(1);

    await page.locator('#status').click();
    await page.getByTitle('密码错误').click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/status=1/);
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.includes('密码错误') && !t.includes('登录成功'))).toBe(true);
    expect(await page.getByText(/共 \d+ 条/).count()).toBe(1);
  });

  it('is refused to a clerk without Dc1', async () => {
    const page = await signIn(E2E.clerk);
    await page.goto('/console/security/login-log');
    // Sent to the console home, exactly, and the log is not drawn.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/console');
    expect(await page.locator('.ant-table-row').count()).toBe(0);
  });
});
