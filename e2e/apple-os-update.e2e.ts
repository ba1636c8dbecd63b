import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedIphone } from '@lease/device-sim';
import { type AppleStage, startAppleStage } from './apple-stage.ts';
import { type Screen, launchBrowser, login, newPage, sideScroll } from './browser.ts';
import { E2E } from './seed.ts';

/**
 * OS updates by declaration in the browser: an iOS 18 simulated iPhone gets an update enforced by declaration; the 系统更新 tab
 * shows the install state it reports, the deadline, the deferral in force and that the version list is the offline
 * one, and the device page shows the battery health it reported, on a store's desktop and on a clerk's phone.
 */
let stage: AppleStage;
let browser: Browser;
let phone: SimulatedIphone | undefined;
let deviceId = '';

/** until waits for a condition in set-up, where expect.poll may not run. */
async function until(check: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('set-up timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  stage = await startAppleStage('os-update', 5100);
  browser = await launchBrowser();
  const api = await stage.adminApi();
  ({ phone, deviceId } = await stage.registerPhone({
    serialNumber: 'E2EOSU000001',
    model: 'iPhone15,2',
    osVersion: '18.1',
    batteryHealth: 'service-recommended',
  }));
  await until(() => phone!.state.ddm.enabled);
  await api('/api/store/ios-update-policy', { deferral_days: 30 });
  await api('/api/device/ios/command/get-available-os-updates', { device_id: deviceId });
  await api('/api/device/ios/command/schedule-os-update', { device_id: deviceId, install_action: 'InstallASAP', product_version: '18.6.2' });
  await until(() => phone!.state.ddm.softwareUpdate.pendingVersion === '18.6.2');
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

describe.each<Screen>(['desktop', 'phone'])('the 系统更新 tab of an iOS 18 phone on a %s', (screen) => {
  it('shows the install state, the deadline, the deferral and the offline list, without sideways scrolling', async () => {
    const page = await newPage(browser, stage.server.origin, screen);
    await login(page, E2E.admin);
    await page.goto(`/console/device/ios/${deviceId}`);
    // The battery health the phone reported by status, without the console asking the phone.
    await page.getByRole('tab', { name: '设备信息' }).waitFor();
    await expect.poll(() => page.getByText('建议维修').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-battery-health-${screen}.png`), fullPage: true });
    // On a phone the tab bar scrolls while the first click lands (the last tabs sit under its overflow edge): click
    // until the tab is the active one.
    await expect
      .poll(
        async () => {
          await page.getByRole('tab', { name: /系统更新/ }).click();
          return page
            .getByText(/下载中，待装 iOS 18\.6\.2|已准备好，等待安装，待装 iOS 18\.6\.2/)
            .first()
            .isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(
      await page
        .getByText(/最迟 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）自动安装/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('延迟 30 天（跟随门店）').first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/可用版本来自离线版本列表（未连接 Apple 服务）/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await sideScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `e2e-os-update-${screen}.png`), fullPage: true });
    await page.context().close();
  });
});
