import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { EnrollmentStatus } from '@lease/shared';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { iosDevice } from '../apps/server/src/domain/ios-device.table.ts';
import { topUpStore } from '../apps/server/src/modules/report/top-up.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { launchBrowser, login } from './browser.ts';
import { E2E, seedE2e } from './seed.ts';

/**
 * Issue 13 in the browser: an admin orders a basic report for a hirer, finds it in the list with the id
 * masked, reads it and refreshes it; then requests an RCS report, the hirer authorises on the sandbox
 * provider's page (which calls back as a vendor would), and both report links show. The balance goes down by
 * the discounted price each time. Own server: the store needs money, RCS counts and a discount.
 */
let server: ServerProcess;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-report-'));
const port = 5200 + (process.pid % 90);

/** 15.00 list price × 0.85, rounded half up to whole 分. */
const BASIC_PRICE = '¥12.75';
const HIRER = { name: '王小明', idCard: '11010519491231002X', masked: '110***********002X', phone: '13800000000' };
/** The iPhone leased to that hirer: its detail page shows the hirer's latest risk level. */
let hirerDeviceId = '';

async function seedMoney() {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    const [admin] = await database.db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    await database.db.update(store).set({ discountRate: '0.8500' }).where(eq(store.id, admin.storeId));
    await topUpStore(database.db, admin.storeId, { balanceFen: 10_000, rcsCount: 5, key: 'e2e-report-top-up' });
    const [device] = await database.db
      .insert(iosDevice)
      .values({
        storeId: admin.storeId,
        clerkId: admin.id,
        serialNumber: 'REPORTE2E001',
        enrollmentStatus: EnrollmentStatus.ENROLLED,
        hirerName: HIRER.name,
        hirerPhoneNumber: HIRER.phone,
      })
      .returning({ id: iosDevice.id });
    hirerDeviceId = device.id;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  await seedE2e(dataDir);
  await seedMoney();
  const origin = `http://127.0.0.1:${port}`;
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_IP_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: origin }, port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await login(page, E2E.admin);
  return page;
}

const balanceOf = (page: Page) => page.getByTestId('report-balance').innerText();

describe('reports', () => {
  it('adds a basic report, lists it masked, opens and refreshes it, each time charging the discounted price', async () => {
    const page = await signIn();
    await page.getByRole('navigation', { name: '控制台菜单' }).getByRole('link', { name: '基础版报告' }).click();
    await page.waitForURL(/\/console\/report\/basic$/);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe('¥100.00');

    await page.getByRole('button', { name: '新建报告' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('与身份证一致').fill(HIRER.name);
    await dialog.getByPlaceholder('18 位身份证号').fill(HIRER.idCard);
    await dialog.getByPlaceholder('租机人本人实名手机号').fill(HIRER.phone);
    await dialog.getByRole('button', { name: `确认查询（${BASIC_PRICE}）` }).click();
    // Without the authorisation confirmed nothing is ordered.
    await dialog.getByText('请确认已取得租机人的查询授权').waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: `确认查询（${BASIC_PRICE}）` }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-row', { hasText: HIRER.name });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(HIRER.masked);
    expect(rowText).toContain('138****0000');
    expect(rowText).not.toContain(HIRER.idCard);
    expect(rowText).toContain('已完成');
    expect(rowText).toContain('沙箱数据');
    expect(rowText).toContain('1 台');
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe('¥87.25');

    await row.getByRole('link', { name: HIRER.name }).click();
    await page.waitForURL(/\/console\/report\/basic\/[0-9a-f-]{36}$/);
    await page.getByText(`${HIRER.name} 的基础版信用报告`).waitFor();
    expect(await page.getByText(HIRER.idCard).count()).toBe(1);
    expect(await page.getByTestId('report-risk').innerText()).toMatch(/^(低|中|高)风险$/);
    expect(await page.getByText('一、身份核验').count()).toBe(1);
    await expect
      .poll(
        () =>
          page
            .getByRole('img', { name: /风险分/ })
            .locator('svg')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);

    await page.getByRole('button', { name: /^刷\s*新$/ }).click();
    await page.locator('.ant-popconfirm').getByText(`扣费 ${BASIC_PRICE}`, { exact: false }).waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^刷\s*新$/ })
      .click();
    await page.getByText('报告已刷新').waitFor();

    await page.getByRole('button', { name: '返回报告列表' }).click();
    await page.waitForURL(/\/console\/report\/basic$/);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe('¥74.50');

    // The hirer's phone leads from their device to the latest report's risk level.
    await page.goto(`/console/device/ios/${hirerDeviceId}`);
    const risk = page.getByTestId('hirer-risk');
    await risk.waitFor();
    expect(await risk.innerText()).toMatch(/^租机人(低|中|高)风险·沙箱$/);
  });

  it('requests an RCS report; after the hirer authorises on the provider page both links show', async () => {
    const page = await signIn();
    await page.goto('/console/vas/rcs');
    await page.waitForURL(/\/console\/report\/rcs$/);
    await expect.poll(() => page.getByTestId('rcs-left').innerText(), { timeout: 10_000 }).toBe('5');

    await page.getByRole('button', { name: '发起风控查询' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('与证件一致').fill('李四');
    await dialog.getByPlaceholder('身份证号').fill(HIRER.idCard);
    await dialog.getByRole('button', { name: '生成授权码' }).click();
    const authUrl = (await dialog.getByTestId('rcs-auth-url').innerText()).trim();
    expect(authUrl).toMatch(new RegExp(`^${server.origin}/rcs/sandbox/`));
    expect(await dialog.locator('.ant-qrcode canvas, .ant-qrcode svg').count()).toBe(1);
    await dialog.getByRole('button', { name: /^完\s*成$/ }).click();

    const row = page.locator('.ant-table-row', { hasText: '李四' });
    expect(await row.getByText('等待授权').count()).toBe(2);
    await expect.poll(() => page.getByTestId('rcs-left').innerText(), { timeout: 10_000 }).toBe('4');

    // The hirer opens the link on their own phone and agrees; the sandbox provider calls the server back.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(authUrl);
    await phone.getByRole('button', { name: '同意授权' }).click();
    await phone.getByText('已完成授权').waitFor();
    await phone.close();

    await row.getByRole('link', { name: '查看微信报告' }).waitFor({ timeout: 20_000 });
    expect(await row.getByRole('link', { name: '查看支付宝报告' }).getAttribute('href')).toMatch(/\/alipay$/);
    expect(await row.getByText('等待授权').count()).toBe(0);
  });
});
