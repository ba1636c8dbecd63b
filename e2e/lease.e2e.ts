import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppleStage, startAppleStage } from './apple-stage.ts';
import { dialogOverflow, launchBrowser, login, newPage, type Screen, sideScroll } from './browser.ts';
import { E2E } from './seed.ts';
import { unstyledAntd } from './unstyled-antd.ts';

/**
 * Lease plans in the browser against a real server and a simulated iPhone: a clerk creates a plan for a hirer who
 * is already months behind (the console warns, then the phone is locked for arrears), finds the plan in 催收,
 * records the payment there, and the phone leaves Lost Mode by itself. On a desktop and on a phone.
 */
let stage: AppleStage;
let browser: Browser;

beforeAll(async () => {
  stage = await startAppleStage('lease', 5300);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

/** A day n months before today (China time), as the date picker takes it. */
function monthsAgo(n: number): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, Math.min(now.getUTCDate(), 28)));
  return d.toISOString().slice(0, 10);
}

async function signIn(screen: Screen): Promise<Page> {
  const page = await newPage(browser, stage.server.origin, screen);
  await login(page, E2E.admin);
  return page;
}

describe.each([
  { screen: 'desktop' as const, serial: 'E2ELEASE0001' },
  { screen: 'phone' as const, serial: 'E2ELEASE0002' },
])('lease plan in the console ($screen)', ({ screen, serial }) => {
  it('creates a plan for a hirer behind on payments, sees it in 催收, records the payment, and the phone unlocks', async () => {
    const api = await stage.adminApi();
    const { phone, deviceId: id } = await stage.registerPhone({ serialNumber: serial, model: 'iPhone15,2' });
    const page = await signIn(screen);
    await page.goto(`/console/device/ios/${id}`);
    await page.getByRole('tab', { name: '分期计划' }).click();
    await page
      .getByRole('button', { name: /创建分期计划/ })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: '创建分期计划' });
    await form.waitFor();
    // Started three months ago, monthly on the start's day: two instalments are past due + grace.
    const start = monthsAgo(3);
    const startInput = form.getByLabel('起租日');
    await startInput.click();
    await startInput.fill(start);
    await startInput.press('Enter');
    await form.getByLabel('期数').fill('6');
    const dayOfMonth = form.getByLabel('每月还款日');
    if (!(await dayOfMonth.inputValue())) await dayOfMonth.fill(String(Number(start.slice(8, 10))));
    await form.getByLabel('每期金额').fill('500');
    expect(await dialogOverflow(page)).toBe(0);
    await form.getByRole('button', { name: /确\s*定|创\s*建|保\s*存/ }).click();
    // The console warns that the phone locks at once, and the clerk confirms.
    const warning = page.getByRole('dialog').filter({ hasText: '创建后设备将立即被锁定' });
    await warning.waitFor();
    // A static confirm is drawn in the console's theme and stylesheet, like the page under it (AntdScope's holder).
    expect(await warning.evaluate((e) => getComputedStyle(e).getPropertyValue('--ant-color-primary').trim().toLowerCase())).toBe('#0958d9');
    expect(await unstyledAntd(page)).toEqual([]);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-lease-confirm-${screen}.png`), animations: 'disabled' });
    await warning.getByRole('button', { name: /确\s*定|创\s*建/ }).click();
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 30_000, message: 'the new plan locks the phone' }).toBe(true);
    expect(phone.state.lostMode.message).toMatch(/已逾期 \d+ 天，欠款 ¥1,[05]00.00/);
    await expect.poll(() => page.getByText('已欠费锁定').first().isVisible(), { timeout: 20_000, message: 'the plan tab says 已欠费锁定' }).toBe(true);
    expect(await sideScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-lease-device-${screen}.png`) });

    // 催收: the plan is there with its arrears; the clerk records the payment from its row.
    await page.goto('/console/lease/collections');
    // A table row on a desktop, a card on a phone.
    const row = page.locator('tr, li[data-device-card]').filter({ hasText: serial });
    await row.first().waitFor();
    expect(await row.first().getByText('已欠费锁定').isVisible(), '催收 shows the plan locked').toBe(true);
    expect(await sideScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-lease-collections-${screen}.png`) });
    await row.first().getByRole('button', { name: '登记还款' }).click();
    const pay = page.getByRole('dialog').filter({ hasText: '登记还款' });
    await pay.waitFor();
    // Three instalments: the two in arrears and the one due about now, so the plan is current afterwards.
    await pay.getByLabel('还款金额').fill('1500');
    await pay.getByLabel('支付方式').click();
    await page.getByTitle('现金').last().click();
    expect(await dialogOverflow(page)).toBe(0);
    await pay.getByRole('button', { name: /登\s*记/ }).click();
    // The payment clears the arrears: the unlock went out with it, and the phone leaves Lost Mode.
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 30_000, message: 'the payment unlocks the phone' }).toBe(false);
    await expect
      .poll(async () => (await api<{ list: { serial_number: string }[] }>('/api/lease/plans?collections=1')).list.some((p) => p.serial_number === serial))
      .toBe(false);
    const plans = await api<{ list: { serial_number: string; status: string; amount_overdue_fen: number }[] }>('/api/lease/plans');
    expect(plans.list.find((p) => p.serial_number === serial)).toMatchObject({ status: 'current', amount_overdue_fen: 0 });
    expect(await sideScroll(page)).toBe(0);

    // Home: this month's collections include the payment.
    await page.goto('/console');
    const panel = page.locator('section, div').filter({ hasText: '分期收款' }).filter({ hasText: '本月已收' }).last();
    await expect
      .poll(
        () =>
          panel
            .getByText(/¥1,500\.00|¥3,000\.00/)
            .first()
            .isVisible(),
        { timeout: 20_000, message: 'the home counts the payment' },
      )
      .toBe(true);
    expect(await sideScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-lease-home-${screen}.png`), fullPage: true });
  });
});
