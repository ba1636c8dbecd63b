import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { androidDevice, androidLocationLog } from '../apps/server/src/domain/android-device.table.ts';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { iosDevice, iosLocationLog } from '../apps/server/src/domain/ios-device.table.ts';
import { operationLog } from '../apps/server/src/domain/operation-log.table.ts';
import { deviceDistributionLog } from '../apps/server/src/modules/clerk/distribution-log.table.ts';
import { topUpStore } from '../apps/server/src/modules/report/top-up.ts';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { SCREENS, launchBrowser, login } from './browser.ts';
import { E2E, seedE2e } from './seed.ts';
import { unstyledAntd } from './unstyled-antd.ts';

/**
 * Issue 29 part 3 in the browser: the pages a clerk opens on the street (a device's 定位, 操作记录 and 限制,
 * 帮助中心, 店员管理, the report lists, the home) fit a 390 px phone: nothing scrolls sideways, no data table is
 * drawn, and no text is squeezed into a column narrower than 280 px. Own server: the pages need locations,
 * operations, hand-overs and reports of a store.
 */
let server: ServerProcess;
let browser: Browser;
let page: Page;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-phone-'));
const port = 5300 + (process.pid % 90);
const ids = { ios: '', android: '' };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** seedStore gives the admin's store a located, locked iPhone and Android phone with operations, a hand-over and money for reports. */
async function seedStore() {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    const db = database.db;
    const [admin] = await db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    const [other] = await db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.clerk));
    const where = { latitude: 22.54, longitude: 114.06, accuracy: 65, at: minutesAgo(5).toISOString() };
    const common = {
      storeId: admin.storeId,
      clerkId: admin.id,
      hirerName: '陈租机',
      hirerPhoneNumber: '13912345678',
      lastActiveTime: minutesAgo(5),
      lastActiveLocation: where,
      lockStatus: LockStatus.LOCKED,
    };
    const [ios] = await db
      .insert(iosDevice)
      .values({
        ...common,
        serialNumber: 'PHONEE2E0001',
        model: 'iPhone15,2',
        enrollmentStatus: EnrollmentStatus.ENROLLED,
        systemRestriction: { allowCamera: false },
      })
      .returning({ id: iosDevice.id });
    const [android] = await db
      .insert(androidDevice)
      .values({ ...common, serialNumber: 'PHONEE2EA001' })
      .returning({ id: androidDevice.id });
    ids.ios = ios.id;
    ids.android = android.id;
    const points = [5, 65].map((m, i) => ({ latitude: 22.54 + i / 100, longitude: 114.06, accuracy: 65, measuredAt: minutesAgo(m) }));
    await db.insert(iosLocationLog).values(points.map((p) => ({ ...p, deviceId: ios.id })));
    await db.insert(androidLocationLog).values(points.map((p) => ({ ...p, deviceId: android.id })));
    const operation = (platform: string, deviceId: string, action: string, result: string) => ({
      storeId: admin.storeId,
      clerkId: admin.id,
      platform,
      deviceId,
      action,
      status: OperationStatus.DONE,
      result,
    });
    await db
      .insert(operationLog)
      .values([
        operation('ios', ios.id, 'lock', '设备已执行'),
        operation('ios', ios.id, 'get-location', '已定位：22.540000, 114.060000'),
        operation('android', android.id, 'lock', '设备已执行'),
        operation('android', android.id, 'get-location', '已定位：22.540000, 114.060000'),
      ]);
    await db.insert(deviceDistributionLog).values({
      storeId: admin.storeId,
      platform: 'ios',
      deviceId: ios.id,
      serialNumber: 'PHONEE2E0001',
      fromClerkId: admin.id,
      toClerkId: other.id,
      byClerkId: admin.id,
    });
    await topUpStore(db, admin.storeId, { balanceFen: 10_000, rcsCount: 5, key: 'e2e-phone-top-up' });
  } finally {
    await database.close();
  }
}

/** seedReports orders two basic reports and one RCS query through the API, as the console would. */
async function seedReports() {
  const signIn = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: E2E.admin, password: E2E.password }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const post = async (url: string, body: object) => {
    const res = await fetch(server.origin + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
  };
  const hirer = { phone_number: '13912345678', level: 'basic', authorised: true };
  await post('/api/report/add', { ...hirer, name: '王小明', id_card: '11010519491231002X' });
  await post('/api/report/add', { ...hirer, name: '欧阳娜娜', id_card: '44030419900101002X' });
  await post('/api/store/rcs/request', { name: '李四', id_card: '11010519491231002X' });
}

beforeAll(async () => {
  await seedE2e(dataDir);
  await seedStore();
  const origin = `http://127.0.0.1:${port}`;
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_IP_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: origin }, port);
  await seedReports();
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.origin, ...SCREENS.phone, locale: 'zh-CN' });
  page = await context.newPage();
  await login(page, E2E.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A text column: an element whose own text (8 characters or more) wraps onto another line. */
const TEXT_MIN = 8;
/** The narrowest a wrapping text may be on a 390 px phone. */
const COLUMN_MIN = 280;

interface Layout {
  sideScroll: number;
  /** Data-table cells drawn in the checked part of the page. */
  tableCells: number;
  /** Wrapping texts narrower than COLUMN_MIN: their width and first characters. */
  narrow: string[];
}

/**
 * layoutOf measures the part of the page under `root` (the content area, or a detail page's open tab): how far
 * the page scrolls sideways, how many data-table cells are visible, and which texts wrap inside a column
 * narrower than COLUMN_MIN. A short label or tag (under TEXT_MIN characters) and text on one line never count.
 */
const layoutOf = (root: string) =>
  page.evaluate(
    ({ root, TEXT_MIN, COLUMN_MIN }): Layout => {
      const scope = document.querySelector(root);
      if (!scope) throw new Error(`no ${root}`);
      const shown = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
      };
      const narrow: string[] = [];
      for (const e of scope.querySelectorAll('*')) {
        const own = [...e.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('')
          .trim();
        if (own.length < TEXT_MIN || !shown(e)) continue;
        const r = e.getBoundingClientRect();
        const line = Number.parseFloat(getComputedStyle(e).lineHeight) || 22;
        // Lines a <br> starts are meant; only lines beyond them are wrapping.
        const breaks = e.querySelectorAll(':scope > br').length;
        if (r.height >= line * (breaks + 1.8) && r.width < COLUMN_MIN) narrow.push(`${Math.round(r.width)}px「${own.slice(0, 16)}」`);
      }
      return {
        sideScroll: Math.max(0, document.scrollingElement!.scrollWidth - window.innerWidth),
        tableCells: [...scope.querySelectorAll('.ant-table td')].filter(shown).length,
        narrow,
      };
    },
    { root, TEXT_MIN, COLUMN_MIN },
  );

const fits = (layout: Layout) => expect(layout).toEqual({ sideScroll: 0, tableCells: 0, narrow: [] });

/** openTab opens a device detail's tab by name (some sit behind the tab bar's overflow on a phone). */
async function openTab(url: string, name: string) {
  await page.goto(url);
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.waitFor({ state: 'attached' });
  await tab.evaluate((e: HTMLElement) => e.click());
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

const CONTENT = 'main.ant-layout-content';
const OPEN_TAB = '[role="tabpanel"]:not([aria-hidden="true"])';

describe('phone layouts (390×844)', () => {
  // Each page's antd components came with their part of antd's stylesheet.
  afterEach(async () => expect(await unstyledAntd(page)).toEqual([]));

  for (const platform of ['ios', 'android'] as const) {
    it(`${platform}: 定位 leads with the map button, then the latest location and the history as cards`, async () => {
      await openTab(`/console/device/${platform}/${ids[platform]}`, '定位');
      const pane = page.locator(OPEN_TAB);
      // The layout is measured first, once the history (its older point) is drawn, whatever its shape.
      await pane.getByText('22.550000, 114.060000').first().waitFor();
      fits(await layoutOf(OPEN_TAB));
      const history = pane.getByRole('list', { name: '定位记录' });
      expect(await history.getByRole('listitem').count()).toBe(2);
      const big = pane.getByRole('link', { name: /在高德地图中查看/ }).first();
      const box = (await big.boundingBox())!;
      const paneBox = (await pane.boundingBox())!;
      // Full width of the tab, at its top, and big enough for a thumb.
      expect(box.width).toBeGreaterThan(paneBox.width - 2);
      expect(box.y - paneBox.y).toBeLessThan(24);
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(await pane.getByRole('region', { name: '最近位置' }).innerText()).toMatch(/地址[\s\S]*定位时间[\s\S]*精度\s*±65 米/);
    });

    it(`${platform}: 操作记录 is cards`, async () => {
      await openTab(`/console/device/${platform}/${ids[platform]}`, '操作记录');
      await page.locator(OPEN_TAB).getByText('已定位：22.540000, 114.060000').waitFor();
      fits(await layoutOf(OPEN_TAB));
      const cards = page.locator(OPEN_TAB).getByRole('list', { name: '操作记录' }).getByRole('listitem');
      expect(await cards.count()).toBe(2);
    });
  }

  it('ios: a device page opens at its top; opening a tab scrolls the tab bar to it, not the page', async () => {
    await page.goto(`/console/device/ios/${ids.ios}`);
    await page.getByRole('tab', { name: '设备信息', exact: true }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const last = page.getByRole('tab', { name: '分期计划', exact: true });
    await last.evaluate((e: HTMLElement) => e.click());
    await expect.poll(() => last.evaluate((e) => e.getBoundingClientRect().right <= window.innerWidth && e.getBoundingClientRect().left >= 0)).toBe(true);
  });

  it('ios: the 限制 summary and the restriction list read one fact a line', async () => {
    await openTab(`/console/device/ios/${ids.ios}`, '限制');
    await page.locator(OPEN_TAB).getByText('监管状态').waitFor();
    await expect.poll(() => page.locator(OPEN_TAB).getByRole('list', { name: '系统限制' }).getByRole('listitem').count()).toBeGreaterThan(0);
    fits(await layoutOf(OPEN_TAB));
  });

  it('帮助中心 is one column with the index on top, and names the server version', async () => {
    await page.goto('/console/help');
    await page.getByRole('heading', { name: 'Apple 设备接入' }).waitFor();
    fits(await layoutOf(CONTENT));
    expect(await page.getByRole('navigation', { name: '帮助目录' }).getByRole('link').count()).toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('server-version').innerText()).toMatch(/^服务端版本 \S+（构建 \S+）$/);
  });

  it('店员管理: clerks and hand-overs are cards', async () => {
    await page.goto('/console/merchant/employee');
    const clerks = page.getByRole('list', { name: '店员列表' }).getByRole('listitem');
    await expect.poll(() => clerks.count()).toBe(3);
    expect(
      await clerks
        .filter({ hasText: '李店员' })
        .getByRole('button', { name: /编\s*辑/ })
        .count(),
    ).toBe(1);
    fits(await layoutOf(CONTENT));
    await page.getByRole('tab', { name: '分配记录' }).click();
    await expect.poll(() => page.getByRole('list', { name: '分配记录' }).getByRole('listitem').count()).toBe(1);
    fits(await layoutOf(CONTENT));
  });

  it('report lists are cards: basic reports, their abnormal list, RCS queries', async () => {
    await page.goto('/console/report/basic');
    const reports = page.getByRole('list', { name: '报告列表' }).getByRole('listitem');
    await expect.poll(() => reports.count()).toBe(2);
    expect(await reports.filter({ hasText: '欧阳娜娜' }).innerText()).toContain('440***********002X');
    fits(await layoutOf(CONTENT));
    await page.getByRole('tab', { name: '异常记录' }).click();
    await page.getByText('暂无异常记录', { exact: false }).waitFor();
    fits(await layoutOf(CONTENT));
    await page.goto('/console/report/rcs');
    await expect.poll(() => page.getByRole('list', { name: '风控查询记录' }).getByRole('listitem').count()).toBe(1);
    fits(await layoutOf(CONTENT));
  });

  it('home: figures two to a row and 常用入口 on the first screen', async () => {
    await page.goto('/console');
    const figures = page.locator('[data-testid^="stat-"]');
    await expect.poll(() => figures.count()).toBe(5);
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await figures.nth(i).boundingBox())!));
    expect(a.y).toBe(b.y);
    expect(c.y).toBeGreaterThan(a.y);
    const shortcuts = page.getByRole('heading', { name: '常用入口' });
    await shortcuts.waitFor();
    expect((await shortcuts.boundingBox())!.y + 24).toBeLessThan(SCREENS.phone.viewport.height);
    expect((await layoutOf(CONTENT)).sideScroll).toBe(0);
  });
});
