import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, login, newPage, smsCodeFor } from './browser.ts';
import { E2E } from './seed.ts';

// The pages reached without an account: a new store signing up, a forgotten password, the hirer's enrolment link.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Phones no other browser test uses: the server's database lives for the whole run. */
const OWNER_PHONE = '13700009201';
const CLERK_PHONE = '13700009202';
const FIRST_PASSWORD = 'Liu#2026ab';
const NEW_PASSWORD = 'Liu#2027cd';

/** codeArrives waits for a code the outbox did not hold before (the send is asynchronous to the click). */
async function codeArrives(phone: string, before: string | undefined) {
  let code: string | undefined;
  await expect.poll(async () => (code = await smsCodeFor(phone)), { timeout: 10_000 }).not.toBe(before);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function fillPasswords(page: Page, password: string) {
  await page.getByPlaceholder('6-16 位字母、数字或常用符号').fill(password);
  await page.getByPlaceholder('再次输入密码').fill(password);
}

/** adminFetch calls the API as the demo store's admin. */
async function adminFetch(url: string, body: object) {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: E2E.admin, password: E2E.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify(body),
  });
}

describe('store sign-up and forgotten password', () => {
  it('signs a new store up with the SMS code; a clerk resets a forgotten password and signs in with the new one only', async () => {
    const page = await newPage(browser);
    await page.goto('/system/register');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/system/register/new-store');
    // Submitting empty shows the rules in Chinese without calling the server.
    await page.getByRole('button', { name: /注册并登录/ }).click();
    await expect.poll(() => page.getByText('请输入门店名称').isVisible()).toBe(true);

    await page.getByPlaceholder('门店名称').fill('刘记手机租赁');
    await page.getByPlaceholder('管理员姓名').fill('刘店长');
    await page.getByPlaceholder('用于登录的手机号').fill(OWNER_PHONE);
    const before = await smsCodeFor(OWNER_PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).isVisible()).toBe(true);
    await page.getByPlaceholder('6 位数字验证码').fill(await codeArrives(OWNER_PHONE, before));
    await fillPasswords(page, FIRST_PASSWORD);
    await page.getByRole('button', { name: /注册并登录/ }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/console');
    await expect.poll(() => page.getByText('刘店长').first().isVisible()).toBe(true);
    await page.context().close();

    // Forgotten password, for a clerk of the demo store: the dev outbox shows the demo admin only the store's own
    // phones' codes, never the new store's (that would hand its account to whoever shares the demo login).
    expect((await adminFetch('/api/system/smsverify', { purpose: 'clerk-new', phone_number: CLERK_PHONE })).status).toBe(200);
    const clerkCode = await codeArrives(CLERK_PHONE, undefined);
    const created = await adminFetch('/api/store/clerk/new', {
      name: '忘记密码的店员',
      phone_number: CLERK_PHONE,
      sms_code: clerkCode,
      password: FIRST_PASSWORD,
    });
    expect(created.status).toBe(200);

    // A wrong code is refused in Chinese and changes nothing; the right one resets it.
    const forgot = await newPage(browser);
    await forgot.goto('/login');
    await forgot.getByRole('link', { name: /忘记密码/ }).click();
    await expect.poll(() => new URL(forgot.url()).pathname).toBe('/forgot-password');
    await forgot.getByPlaceholder('注册时使用的手机号').fill(CLERK_PHONE);
    const registered = await smsCodeFor(CLERK_PHONE);
    await forgot.getByRole('button', { name: '获取验证码' }).click();
    const code = await codeArrives(CLERK_PHONE, registered);
    await forgot.getByPlaceholder('6 位数字验证码').fill(code === '000000' ? '111111' : '000000');
    await fillPasswords(forgot, NEW_PASSWORD);
    await forgot.getByRole('button', { name: /重置密码/ }).click();
    await expect.poll(() => forgot.getByText('验证码错误或已过期').first().isVisible()).toBe(true);
    expect(new URL(forgot.url()).pathname).toBe('/forgot-password');
    await forgot.getByPlaceholder('6 位数字验证码').fill(code);
    await forgot.getByRole('button', { name: /重置密码/ }).click();
    await expect.poll(() => new URL(forgot.url()).pathname, { timeout: 15_000 }).toBe('/login');
    await forgot.context().close();

    const signIn = (password: string) =>
      fetch(`${baseUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: CLERK_PHONE, password }),
      });
    const old = await signIn(FIRST_PASSWORD);
    expect(old.status).toBe(400);
    expect((await old.json()).message).toBe('账号或密码错误');
    const again = await newPage(browser);
    await login(again, CLERK_PHONE, NEW_PASSWORD);
    expect(new URL(again.url()).pathname).toMatch(/^\/console/);
    await again.context().close();
  });
});

describe('the hirer’s enrolment link', () => {
  it('shows the store and serial, takes the hirer’s details, then offers the profile; an unknown link says it cannot be used', async () => {
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: E2E.admin, password: E2E.password }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const serial = `ENRE2E${String(process.pid % 100000).padStart(6, '0')}`;
    const reg = await fetch(`${baseUrl()}/api/device/ios/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ serial_numbers: [serial] }),
    });
    expect(reg.status).toBe(200);
    const link: string = (await reg.json()).list[0].enroll_link;
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/enroll\/[A-Za-z0-9_-]{40,}$/);

    const page = await newPage(browser);
    await page.goto(path);
    await expect.poll(() => page.getByText(serial).isVisible()).toBe(true);
    // Nothing to install before the hirer's details are in.
    expect(await page.getByRole('link', { name: '安装设备管理描述文件' }).count()).toBe(0);
    await page.getByRole('button', { name: '提交信息' }).click();
    await expect.poll(() => page.getByText('请输入姓名').isVisible()).toBe(true);
    await page.getByPlaceholder('租机人姓名').fill('孙租客');
    await page.getByPlaceholder('选填').fill('13900009202');
    await page.getByRole('button', { name: '提交信息' }).click();
    const install = page.getByRole('link', { name: '安装设备管理描述文件' });
    await expect.poll(() => install.count()).toBe(1);
    const href = await install.getAttribute('href');
    expect(href).toContain(path.split('/').pop());
    const profile = await fetch(new URL(href!, baseUrl()));
    expect(profile.status).toBe(200);
    expect(profile.headers.get('content-type')).toContain('application/x-apple-aspen-config');

    const unknown = await newPage(browser);
    await unknown.goto(`/enroll/${'x'.repeat(48)}`);
    await expect.poll(() => unknown.getByText('链接无法使用').first().isVisible()).toBe(true);
    await unknown.getByRole('button', { name: /好\s*的/ }).click();
    expect(await unknown.getByRole('button', { name: '提交信息' }).count()).toBe(0);
  });
});
