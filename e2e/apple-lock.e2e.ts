import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppleStage, startAppleStage } from './apple-stage.ts';
import { confirmCommand, dialogOverflow, launchBrowser, login, newPage, type Screen, sideScroll } from './browser.ts';
import { unstyledAntd } from './unstyled-antd.ts';
import { E2E } from './seed.ts';

/**
 * The Apple workflow in the browser against a real server and a simulated iPhone: register
 * the serial → the phone enrols through the hirer link → it is listed → lock → the phone is in Lost Mode
 * with the clerk's message → its location is shown → unlock.
 */
let stage: AppleStage;
let server: AppleStage['server'];
let browser: Browser;

beforeAll(async () => {
  stage = await startAppleStage('apple', 4900);
  ({ server } = stage);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

async function signIn(screen: Screen): Promise<Page> {
  const page = await newPage(browser, server.origin, screen);
  await login(page, E2E.admin);
  return page;
}

// The same workflow on a store's desktop and on a clerk's phone, each with its own iPhone.
describe.each([
  { screen: 'desktop' as const, serial: 'E2EF2L000001', model: 'iPhone15,2', name: 'iPhone 14 Pro' },
  { screen: 'phone' as const, serial: 'E2EF2L000002', model: 'iPhone14,5', name: 'iPhone 13' },
])('Apple lock workflow in the console ($screen)', ({ screen, serial, model, name }) => {
  it('enrols, lists, locks with the message, locates and unlocks a simulated iPhone', async () => {
    const page = await signIn(screen);
    expect(await sideScroll(page)).toBe(0);
    await page.goto('/console/device/ios/list');
    await page
      .getByRole('button', { name: /登记设备/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '登记设备' });
    await dialog.waitFor();
    await dialog.getByPlaceholder(/F2LXK0ABCD12/).fill(serial);
    expect(await dialogOverflow(page)).toBe(0);
    // The list, its filters and the dialog were drawn with their parts of antd's stylesheet (vite/antd-styles.ts).
    expect(await unstyledAntd(page)).toEqual([]);
    const submit = dialog.getByRole('button', { name: /登记 1 台设备/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/device/ios/new'));
    await submit.click();
    const { list } = (await (
      await registered.catch(async (err) => {
        await page.screenshot({ path: '/tmp/e2e-reg-fail.png' });
        throw err;
      })
    ).json()) as { list: { enroll_link: string }[] };
    const link = list[0].enroll_link;
    await expect.poll(() => page.getByText('登记成功').first().isVisible()).toBe(true);

    // The hirer's phone opens the link: it downloads its one-time profile and enrols over the real protocol.
    const phone = await stage.enrolPhone(link, { serialNumber: serial, model });
    await page.getByRole('button', { name: /完\s*成/ }).click();

    // The row shows the serial at once and the marketing name once the phone has answered DeviceInformation.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText(serial).first().waitFor();
          return page.getByText(name).first().isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await sideScroll(page)).toBe(0);
    expect(await unstyledAntd(page)).toEqual([]);
    await page.getByText(name).first().click();
    await page.waitForURL(/\/console\/device\/ios\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: '设备信息' }).waitFor();
    expect(await sideScroll(page)).toBe(0);
    await page
      .getByRole('button', { name: /锁\s*定/ })
      .first()
      .click();
    await page.getByPlaceholder(/此设备已被锁定/).fill('租金逾期，请联系门店 4008001234');
    expect(await dialogOverflow(page)).toBe(0);
    expect(await unstyledAntd(page)).toEqual([]);
    await confirmCommand(page, null, /锁定设备/);
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 20_000 }).toBe(true);
    expect(phone.state.lostMode.message).toBe('租金逾期，请联系门店 4008001234');
    await expect.poll(() => page.getByText('已锁定').first().isVisible(), { timeout: 20_000 }).toBe(true);

    phone.setLocation({ latitude: 22.5431, longitude: 114.0579, horizontalAccuracy: 10 });
    await page
      .getByRole('button', { name: /获取定位/ })
      .first()
      .click();
    await confirmCommand(page, null, /获取定位/);
    await page.getByRole('tab', { name: '定位' }).click();
    await expect
      .poll(
        async () => {
          await page.getByRole('tab', { name: '定位' }).click();
          // Exact text: the operation log in a hidden tab also says '已定位：22.543100, 114.057900'.
          return page.getByText('22.543100, 114.057900', { exact: true }).first().isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    await page
      .getByRole('button', { name: /解\s*锁/ })
      .first()
      .click();
    expect(await dialogOverflow(page)).toBe(0);
    await confirmCommand(page, null, /解锁设备/);
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 20_000 }).toBe(false);
    expect(await sideScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-apple-detail-${screen}.png`) });
    // Last, so an open sheet cannot stand in the way of the flow above.
    if (screen === 'phone') {
      // The phone header is one row (lock, locate, more); the rest opens in a sheet that fits the screen.
      expect(await page.getByRole('button', { name: /播放提示音/ }).count()).toBe(0);
      await page.getByRole('button', { name: /更\s*多/ }).click();
      const sheet = page.getByRole('dialog').filter({ hasText: '更多操作' });
      await sheet.getByRole('button', { name: /播放提示音/ }).waitFor();
      expect(await dialogOverflow(page)).toBe(0);
      await page.screenshot({ path: path.join(os.tmpdir(), `e2e-apple-more-${screen}.png`) });
    }
  });
});
