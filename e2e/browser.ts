import { type Browser, type Page, chromium } from 'playwright-core';
import { expect, inject } from 'vitest';
import { E2E } from './seed.ts';

export const baseUrl = () => inject('baseUrl');

/** launchBrowser starts Debian's Chromium headless with the flags this closed network needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });

/** The screens the console is tested on: a store's desktop and a clerk's phone. */
export const SCREENS = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
export type Screen = keyof typeof SCREENS;

/** newPage opens a page in a fresh context (no shared session) at a screen's size; baseURL defaults to the global server. */
export async function newPage(browser: Browser, baseURL = baseUrl(), screen: Screen = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...SCREENS[screen], locale: 'zh-CN' });
  return context.newPage();
}

/** sideScroll is how far the page is wider than the screen (0 when nothing needs sideways scrolling). */
export const sideScroll = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * dialogOverflow is how far the open dialogs and sheets run past the screen or scroll sideways inside
 * (0 when each fits): a fixed dialog does not widen the page, so sideScroll alone would not see it.
 */
export const dialogOverflow = (page: Page) =>
  page.evaluate(() => {
    let worst = 0;
    for (const box of document.querySelectorAll<HTMLElement>('.ant-modal-content, .ant-drawer-content-wrapper')) {
      const r = box.getBoundingClientRect();
      if (r.width === 0) continue;
      worst = Math.max(worst, r.right - window.innerWidth, -r.left);
      for (const inner of box.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(inner);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') worst = Math.max(worst, inner.scrollWidth - inner.clientWidth);
        const ir = inner.getBoundingClientRect();
        if (ir.width > 0 && style.position !== 'fixed') worst = Math.max(worst, ir.right - window.innerWidth);
      }
    }
    return Math.max(0, Math.round(worst));
  });

/** moreAction opens an action from a detail header's "more" entry: a dropdown on a desktop, a bottom sheet on a phone. */
export async function moreAction(page: Page, screen: Screen, name: RegExp) {
  await page
    .getByRole('button', { name: /更\s*多/ })
    .first()
    .click();
  if (screen === 'phone') {
    const sheet = page.getByRole('dialog').filter({ hasText: '更多操作' });
    await sheet.waitFor();
    expect(await dialogOverflow(page)).toBe(0);
    await sheet.getByRole('button', { name }).click();
  } else {
    await page.getByRole('menuitem', { name }).click();
  }
}

/** login signs in through the real login form and waits for the console. */
export async function login(page: Page, phone: string, password = E2E.password) {
  await page.goto('/login');
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/console/);
}

/** confirmCommand ticks a device command dialog's confirmation (irreversible commands only; null for none) and presses its button. */
export async function confirmCommand(page: Page, confirm: string | null, ok: RegExp) {
  const dialog = page.getByRole('dialog');
  if (confirm) await dialog.getByText(confirm).click();
  else expect(await dialog.getByRole('checkbox').count()).toBe(0);
  await dialog.getByRole('button', { name: ok }).click();
}

/** smsCodeFor reads the newest code the dev outbox "sent" to a phone, as the demo store's admin would on /system/dev. */
export async function smsCodeFor(phone: string): Promise<string | undefined> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: E2E.admin, password: E2E.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api/dev/sms-outbox`, { headers: { authorization: `Bearer ${access_token}` } });
  const item = (await res.json()).list.find((m: { phone_number: string }) => m.phone_number === phone);
  return item ? /\d{6}/.exec(item.content)?.[0] : undefined;
}
