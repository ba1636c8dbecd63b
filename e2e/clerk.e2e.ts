import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, smsCodeFor } from './browser.ts';
import { E2E } from './seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A phone no other browser test uses: the server's database lives for the whole run. */
const NEW_PHONE = '13700009101';
const NEW_PASSWORD = 'Chen#2026x';

const dialog = (page: Page) => page.getByRole('dialog');

describe('店员管理', () => {
  it('lets the admin add a clerk with the SMS code sent to the new phone; the clerk signs in and is signed out when stopped', async () => {
    const admin = await newPage(browser);
    await login(admin, E2E.admin);
    await admin
      .getByRole('navigation', { name: '控制台菜单' })
      .getByRole('link', { name: /店员管理/ })
      .click();
    await admin.waitForURL(/\/console\/merchant\/employee$/);
    await expect.poll(() => admin.getByText('王管理员').first().isVisible()).toBe(true);

    await admin.getByRole('button', { name: /新增店员/ }).click();
    const form = dialog(admin);
    // Submitting empty shows the rules in Chinese without calling the server.
    await form.getByRole('button', { name: /新增店员/ }).click();
    await expect.poll(() => form.getByText('请输入店员姓名').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('请输入短信验证码').isVisible()).toBe(true);

    await form.getByPlaceholder('店员姓名').fill('陈小明');
    await form.getByPlaceholder('新店员的手机号').fill(NEW_PHONE);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => form.getByText(/秒后重发/).isVisible()).toBe(true);
    await expect.poll(() => smsCodeFor(NEW_PHONE)).toMatch(/^\d{6}$/);
    await form.getByPlaceholder('6 位数字验证码').fill((await smsCodeFor(NEW_PHONE))!);
    await form.getByPlaceholder('6-16 位字母、数字或常用符号').fill(NEW_PASSWORD);
    await form.getByPlaceholder('再次输入密码').fill(NEW_PASSWORD);
    await form.getByRole('switch').click();
    await form.getByPlaceholder('最多负责的设备数').fill('5');
    await form.getByText('查看操作日志').click();
    await form.getByRole('button', { name: /新增店员/ }).click();

    const row = admin.getByRole('row', { name: /陈小明/ });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.innerText()).toContain(NEW_PHONE);
    expect(await row.innerText()).toContain('0 / 5');
    expect(await row.innerText()).toContain('安全 1 项');

    // The new clerk signs in with the initial password and sees the operation log they were given.
    const clerk = await newPage(browser);
    await login(clerk, NEW_PHONE, NEW_PASSWORD);
    await expect
      .poll(
        () =>
          clerk
            .getByRole('navigation', { name: '控制台菜单' })
            .getByRole('link', { name: /操作日志/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect(
      await clerk
        .getByRole('navigation', { name: '控制台菜单' })
        .getByRole('link', { name: /店员管理/ })
        .count(),
    ).toBe(0);

    // Stopping the clerk ends their session: their next request sends them to the login page.
    await row.getByRole('button', { name: /停\s*用/ }).click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /停\s*用/ })
      .click();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('已停用');
    await clerk.reload();
    await clerk.waitForURL(/\/login/);
  });
});
