import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { mdmEnrollment } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { createTestPushCa } from '../apps/server/src/mdm/apple/push-cert/test-push-ca.ts';
import { iosDevice } from '../apps/server/src/domain/ios-device.table.ts';
import { createOperator } from '../apps/server/src/modules/ops/create-operator.ts';
import { createOpsAuthRepo } from '../apps/server/src/modules/ops/ops-auth.repo.ts';
import { createTotpBox, totpCode } from '../apps/server/src/modules/ops/totp.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { loadSecrets } from '../apps/server/src/secrets.ts';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { SCREENS, type Screen, launchBrowser } from './browser.ts';
import { seedE2e } from './seed.ts';

/**
 * Issue 16 item 3 in the browser: an operator uploads a push certificate made by a local test CA for the CSR the
 * server made, with the topic the enrolled phones use, and sees its expiry; a certificate with another topic is
 * refused with the reason. Own server: installing a push certificate changes the whole server.
 */
const TOPIC = 'com.apple.mgmt.External.0b7e2c4a-e2e0-4000-8000-00000000e2e1';
const OPERATOR = { phone: '13900001616', password: 'Ops-Passw0rd' };
const shots = process.env.E2E_SHOTS_DIR;
let server: ServerProcess;
let browser: Browser;
let totpSecret: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-pushcert-'));
const port = 5300 + (process.pid % 90);
const pushCa = createTestPushCa();

/** seed: a ready operator (password and TOTP set, as after the first sign-in) and one iPhone enrolled on TOPIC. */
async function seed() {
  await seedE2e(dataDir);
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    const { db } = database;
    const { operator } = await createOperator(db, { phone: OPERATOR.phone, name: '证书运营', password: OPERATOR.password, mustChangePassword: false });
    totpSecret = new Secret({ size: 20 }).base32;
    await createOpsAuthRepo(db).updateOperator(operator.id, { totpSecretSealed: createTotpBox(loadSecrets(dataDir).apiSecret).seal(totpSecret) });
    const [s] = await db.select().from(store).limit(1);
    const [phone] = await db
      .insert(iosDevice)
      .values({ storeId: s.id, serialNumber: 'PUSHE2E00001', udid: '00008120-00000000000e2e01', enrollmentStatus: 1 })
      .returning();
    await db.insert(mdmEnrollment).values({
      deviceId: phone.id,
      udid: phone.udid!,
      certFingerprint: 'fp-pushe2e',
      topic: TOPIC,
      tokenHex: 'ab'.repeat(32),
      pushMagic: 'magic-e2e',
      enabled: true,
    });
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  await seed();
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_IP_LIMIT_PER_MINUTE: '1000' }, port);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let lastCode = '';
async function signIn(screen: Screen = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, ...SCREENS[screen], locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/ops/login');
  await page.getByPlaceholder('11 位手机号').fill(OPERATOR.phone);
  await page.getByPlaceholder('密码').fill(OPERATOR.password);
  // A TOTP code is accepted once: wait for the next period when the last sign-in used this one.
  let code = totpCode(totpSecret);
  while (code === lastCode) {
    await new Promise((r) => setTimeout(r, 1000));
    code = totpCode(totpSecret);
  }
  lastCode = code;
  await page.getByPlaceholder('6 位数字').fill(code);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === '/ops');
  return page;
}

/** downloadCsr makes (or reuses) the pending CSR on the page and returns it as the browser downloads it. */
async function downloadCsr(page: Page): Promise<string> {
  const make = page.getByRole('button', { name: /生成 CSR/ });
  if (await make.count()) await make.click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载 CSR/ }).click();
  return fs.readFileSync(await (await download).path(), 'utf8');
}

/** uploadCertificate hands a PEM file to the page's "上传 Apple 签发的证书" button. */
async function uploadCertificate(page: Page, pem: string, name: string) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, pem);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('push-cert-upload').click();
  await (await chooser).setFiles(file);
}

describe('operator push certificate', () => {
  it('installs a certificate with the enrolled topic and shows its expiry; refuses one with another topic', async () => {
    const page = await signIn();
    await page.getByRole('menuitem', { name: /推送证书/ }).click();
    await page.waitForURL(/\/ops\/push-cert$/);
    await page.getByText('尚未安装 MDM 推送证书').waitFor();

    const csr = await downloadCsr(page);
    expect(csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    const notAfter = new Date(Date.now() + 300 * 86_400_000);
    await uploadCertificate(page, pushCa.issue({ csrPem: csr, topic: TOPIC, days: 300 }), 'MDM_push.pem');
    await page.getByText('证书已安装').waitFor();
    const shown = await page.getByTestId('push-cert-not-after').first().innerText();
    // The page shows China time: the date part of notAfter + 8 h.
    expect(shown.slice(0, 10)).toBe(new Date(notAfter.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
    await expect.poll(() => page.getByText('还剩 299 天').count()).toBeGreaterThan(0);
    expect(await page.getByText(TOPIC).count()).toBeGreaterThan(0);
    if (shots) await page.screenshot({ path: path.join(shots, 'push-cert-desktop.png'), fullPage: true });

    // A renewal that Apple issued as a new certificate (another topic) is refused, with the reason.
    const renewal = await downloadCsr(page);
    await uploadCertificate(page, pushCa.issue({ csrPem: renewal, topic: 'com.apple.mgmt.External.another-topic' }), 'MDM_new.pem');
    const refusal = page.getByTestId('push-cert-install-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/推送主题[\s\S]*无法被唤醒[\s\S]*续订/);
    if (shots) await page.screenshot({ path: path.join(shots, 'push-cert-refused-desktop.png') });
    // The installed certificate is still the one shown.
    await page.reload();
    await expect.poll(() => page.getByText('还剩 299 天').count()).toBeGreaterThan(0);
  }, 120_000);

  it('shows the fleet health on the operator home, and both pages fit a phone', async () => {
    const desktop = await signIn();
    await desktop.getByText('设备群健康').waitFor();
    await expect.poll(() => desktop.getByText('Apple 设备').count()).toBeGreaterThan(0);
    await expect.poll(() => desktop.locator('[data-chart] svg').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    if (shots) await desktop.screenshot({ path: path.join(shots, 'ops-home-desktop.png'), fullPage: true });

    const phone = await signIn('phone');
    await phone.getByText('设备群健康').waitFor();
    await expect.poll(() => phone.locator('[data-chart] svg').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const overflow = () => phone.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
    expect(await overflow()).toBe(0);
    if (shots) await phone.screenshot({ path: path.join(shots, 'ops-home-phone.png'), fullPage: true });
    await phone.goto('/ops/push-cert');
    await phone.getByText('当前推送证书').waitFor();
    expect(await overflow()).toBe(0);
    if (shots) await phone.screenshot({ path: path.join(shots, 'push-cert-phone.png'), fullPage: true });
  }, 120_000);
});
