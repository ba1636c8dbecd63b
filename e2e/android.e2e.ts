import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAndroidAgent, createSimulatedAndroidAgent } from '@lease/device-sim';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { confirmCommand, dialogOverflow, launchBrowser, login, moreAction, newPage, type Screen, sideScroll } from './browser.ts';
import { E2E, seedE2e } from './seed.ts';
import { androidModelName } from '@lease/shared';

/**
 * The Android workflow in the browser against a real server and a simulated agent: 登记设备 gives a
 * one-time QR token → the agent enrols with it → the phone is listed → lock with a message → the agent shows
 * the lock screen → offline, the console's code for the agent's challenge unlocks it → archive releases it.
 */
let server: ServerProcess;
let browser: Browser;
const agents: SimulatedAndroidAgent[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-android-'));
const shots = process.env.E2E_SHOTS ?? os.tmpdir();
const port = 5100 + (process.pid % 90);

beforeAll(async () => {
  await seedE2e(dataDir);
  server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: `http://127.0.0.1:${port}`, LOGIN_IP_LIMIT_PER_MINUTE: '1000', DEMO_DEVICES: '0' },
    port,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(screen: Screen): Promise<Page> {
  const page = await newPage(browser, server.origin, screen);
  await login(page, E2E.admin);
  return page;
}

/** shownAfterReload reloads the page and says whether `text` appears within a few seconds (the data loads after the shell). */
const shownAfterReload = async (page: Page, text: string) => {
  await page.reload();
  return page
    .getByText(text)
    .first()
    .waitFor({ timeout: 4000 })
    .then(
      () => true,
      () => false,
    );
};

/** confirmDialog confirms a command, keeping a screenshot of the page when the dialog is not as expected. */
const confirmDialog = (page: Page, confirm: string | null, ok: RegExp) =>
  confirmCommand(page, confirm, ok).catch(async (err: unknown) => {
    await page.screenshot({ path: path.join(shots, 'e2e-android-failed.png') });
    throw err;
  });

// The same workflow on a store's desktop and then on a clerk's phone (the first phone is archived by then).
describe.each(['desktop', 'phone'] as const)('Android workflow in the console (%s)', (screen) => {
  it('enrols by QR token, lists, locks with a message, unlocks offline with the console’s code and archives', async () => {
    const page = await signIn(screen);
    await page.goto('/console/device/android/list');
    await page.getByText('门店还没有 Android 设备').waitFor();
    expect(await sideScroll(page)).toBe(0);

    // 登记设备: the dialog asks the gateway for a one-time token and draws its QR code.
    const issued = page.waitForResponse((r) => r.url().endsWith('/api/device/android/enroll-token'));
    await page.getByRole('button', { name: /登记设备/ }).click();
    const { token } = (await (await issued).json()) as { token: string };
    await page.getByRole('dialog', { name: '登记设备' }).locator('canvas').waitFor();
    expect(await dialogOverflow(page)).toBe(0);
    await page.screenshot({ path: path.join(shots, `e2e-android-enroll-${screen}.png`) });

    // The phone scans the code: the simulated agent enrols with the token and keeps its WebSocket.
    const agent = createSimulatedAndroidAgent({ serverUrl: server.origin, pollMs: 1000, checkinMs: 2000, tickMs: 1000 });
    agents.push(agent);
    await agent.enroll(token);
    agent.start();
    await page.getByRole('button', { name: /完\s*成/ }).click();
    // The list names the phone by its marketing name where the table knows the code (小米 14, not 23127PN0CC).
    const model = androidModelName(agent.data.facts.model);
    await expect.poll(() => shownAfterReload(page, model), { timeout: 30_000 }).toBe(true);

    await page
      .getByRole('link', { name: new RegExp(model) })
      .first()
      .click();
    await page.waitForURL(/\/console\/device\/android\/[0-9a-f-]{36}$/);
    // The list stays on screen while the detail page loads (a transition): wait for the detail itself.
    await page.getByRole('tab', { name: '设备信息' }).waitFor();
    expect(await sideScroll(page)).toBe(0);

    // Lock with a message: the phone shows it on its lock screen.
    await page
      .getByRole('button', { name: /锁\s*定/ })
      .first()
      .click();
    await page.getByPlaceholder(/此设备已被锁定/).fill('租金逾期，请联系门店');
    await page.getByPlaceholder(/固定电话/).fill('13800001234');
    expect(await dialogOverflow(page)).toBe(0);
    await confirmDialog(page, null, /锁定设备/);
    await expect.poll(() => agent.state().lockScreen.locked, { timeout: 20_000 }).toBe(true);
    expect(agent.state().lockScreen).toMatchObject({ message: '租金逾期，请联系门店', phone: '13800001234' });
    await expect.poll(() => page.getByText('已锁定').first().isVisible(), { timeout: 20_000 }).toBe(true);

    // Offline: the hirer reads the challenge; the console issues the code; typed on the phone, it unlocks.
    agent.setOnline(false);
    const challenge = agent.state().lockScreen.challenge!;
    expect(challenge).toMatch(/^\d{8}$/);
    // On a phone the offline code sits in the header's "more" sheet; on a desktop it is a button.
    if (screen === 'phone') await moreAction(page, screen, /离线解锁码/);
    else await page.getByRole('button', { name: /离线解锁码/ }).click();
    await page.getByPlaceholder('例如 1234 5678').fill(challenge);
    await page.getByPlaceholder('敏感操作，需要验证你的身份').fill(E2E.password);
    await page.getByRole('button', { name: /生成解锁码/ }).click();
    const shown = page.getByTestId('passcode');
    await shown.waitFor();
    expect(await sideScroll(page)).toBe(0);
    expect(await dialogOverflow(page)).toBe(0);
    await page.screenshot({ path: path.join(shots, `e2e-android-passcode-${screen}.png`) });
    const code = (await shown.innerText()).replace(/\D/g, '');
    expect(code).toMatch(/^\d{10}$/);
    expect(agent.enterPasscode(code)).toMatchObject({ ok: true });
    expect(agent.state().lockScreen.locked).toBe(false);
    await page.getByRole('button', { name: /完\s*成/ }).click();

    // Back online, the phone reports the use and the console shows it unlocked.
    agent.setOnline(true);
    await expect.poll(() => shownAfterReload(page, '未锁定'), { timeout: 30_000 }).toBe(true);

    // Archive: the phone releases itself and the console lists it under 已归档.
    // Archiving cannot be undone: it is under 更多 on every screen, behind the typed confirmation.
    expect(await page.getByRole('button', { name: /^归\s*档$/ }).count()).toBe(0);
    await moreAction(page, screen, /归\s*档/);
    await page.getByRole('dialog').getByRole('textbox').fill(agent.data.facts.imei_1);
    expect(await dialogOverflow(page)).toBe(0);
    await confirmDialog(page, '我已了解后果，确认归档此设备', /归档设备/);
    await page.waitForURL(/\/console\/device\/android\/list\/archived$/);
    await expect.poll(() => agent.state().released, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText(model).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: path.join(shots, `e2e-android-archived-${screen}.png`) });
  });
});
