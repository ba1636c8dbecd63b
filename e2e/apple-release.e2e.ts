import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppleStage, startAppleStage } from './apple-stage.ts';
import { launchBrowser, login, newPage } from './browser.ts';
import { E2E } from './seed.ts';

/**
 * Issue 6 in the browser: a clerk releases a paid-off, locked iPhone with 结清释放 and watches the steps finish
 * while the simulated phone leaves lost mode and then management.
 */
let stage: AppleStage;
let server: AppleStage['server'];
let browser: Browser;

beforeAll(async () => {
  stage = await startAppleStage('release', 5000);
  ({ server } = stage);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

describe('one-click unlock in the console', () => {
  it('releases a locked iPhone: prevalidation, password, and the steps finish', async () => {
    // Set-up through the API: a registered phone enrolled through its hirer link, then locked.
    const api = await stage.adminApi();
    const serial = 'E2EREL000001';
    const { phone, deviceId } = await stage.registerPhone({ serialNumber: serial, model: 'iPhone15,2' });
    await api('/api/device/ios/command/lock', { device_id: deviceId, message: '租金逾期，请联系门店' });
    await expect.poll(() => phone.state.lostMode.enabled, { timeout: 10_000 }).toBe(true);

    const page = await newPage(browser, server.origin);
    await login(page, E2E.admin);
    await page.goto(`/console/device/ios/${deviceId}`);
    await page.getByRole('button', { name: /安全与释放/ }).click();
    await page.getByRole('menuitem', { name: /结清释放/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('已选择保留数据').waitFor();
    // Prevalidation: the phone is locked and managed, nothing else to lift.
    await expect.poll(() => dialog.getByRole('row', { name: /解除锁定（退出丢失模式）\s*将执行/ }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('row', { name: /解除 ABM 绑定\s*跳过\s*设备未绑定 ABM/ }).isVisible()).toBe(true);

    await dialog.getByLabel('登录密码或二级密码').fill(E2E.password);
    await dialog.getByText('我确认租机人已结清，释放此设备').click();
    await dialog.getByRole('button', { name: '开始结清释放' }).click();

    await expect.poll(() => dialog.getByText('结清释放已完成，设备已释放。').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => dialog.getByText(/已完成：管理描述文件已移除/).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), 'e2e-apple-release.png') });
    expect(phone.state.lostMode.enabled).toBe(false);
    await expect.poll(() => phone.enrollmentStatus, { timeout: 10_000 }).toBe('unenrolled');
  });
});
