import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOutboxSmsSender } from '../../adapters/sms/outbox-sender.ts';
import { createSmsCodeService } from '../sms-code/sms-code.service.ts';
import type { AuthContext } from '../../http/authz.ts';
import { hashPassword } from '../auth/password.ts';
import { createClerkRepo } from '../clerk/clerk.repo.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import { type SensitiveActionGuard, createSensitiveActionGuard } from './sensitive-action.ts';
import { store } from '../../domain/store.table.ts';

let t: TestApp;
let guard: SensitiveActionGuard;
beforeAll(async () => {
  t = await buildTestApp();
  // Same database and SMS secret as the app, so codes sent through its route are the ones checked here.
  guard = createSensitiveActionGuard({
    db: t.db,
    clerkRepo: createClerkRepo(t.db),
    sms: createSmsCodeService(t.db, createOutboxSmsSender(t.db), t.secrets.sms),
  });
});
afterAll(() => t.close());

async function caller(smsVerifySwitch: boolean) {
  const s = await t.newStore({ smsVerifySwitch });
  const { clerk: c, headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
  const auth: AuthContext = { clerkId: c.id, storeId: s.id, sessionId: 'test', isAdmin: true, perms: [], modules: [] };
  const sendCode = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers, payload: { purpose: 'sensitive' } });
    expect(res.statusCode).toBe(200);
    return (await t.lastSmsCode(c.phoneNumber))!;
  };
  return { store: s, clerk: c, auth, sendCode };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('sensitive-action guard, SMS switch off', () => {
  it('accepts the login password and refuses a wrong or missing one with SECPWD_MISMATCH', async () => {
    const { auth } = await caller(false);
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD }))).toBe('ok');
    expect(await codeOf(guard.confirm(auth, { password: 'Wrong#2026' }))).toBe('SECPWD_MISMATCH');
    expect(await codeOf(guard.confirm(auth, {}))).toBe('SECPWD_MISMATCH');
  });

  it('accepts the secondary password when one is set', async () => {
    const { auth, clerk: c } = await caller(false);
    await t.db
      .update(clerk)
      .set({ secondaryPasswordHash: await hashPassword('Second#2026') })
      .where(eq(clerk.id, c.id));
    expect(await codeOf(guard.confirm(auth, { password: 'Second#2026' }))).toBe('ok');
  });

  it('needs no SMS code', async () => {
    const { auth } = await caller(false);
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD, sms_code: undefined }))).toBe('ok');
  });
});

describe('sensitive-action guard, SMS switch on', () => {
  it('refuses a missing SMS code with a 400 naming the field', async () => {
    const { auth } = await caller(true);
    const err = await guard.confirm(auth, { password: TEST_PASSWORD }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, errors: [{ field: 'sms_code' }] });
  });

  it('refuses a wrong code and accepts the one sent to the caller, once', async () => {
    const { auth, sendCode } = await caller(true);
    const code = await sendCode();
    const wrong = code === '111111' ? '222222' : '111111';
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD, sms_code: wrong }))).toBe('SMS_CODE_INVALID');
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD, sms_code: code }))).toBe('ok');
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD, sms_code: code }))).toBe('SMS_CODE_INVALID');
  });

  it('checks the password first, so a wrong password does not spend the code', async () => {
    const { auth, sendCode } = await caller(true);
    const code = await sendCode();
    expect(await codeOf(guard.confirm(auth, { password: 'Wrong#2026', sms_code: code }))).toBe('SECPWD_MISMATCH');
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD, sms_code: code }))).toBe('ok');
  });

  it('does not accept a code sent to another clerk of the same store', async () => {
    const a = await caller(true);
    const { clerk: other, headers } = await t.signedIn({ storeId: a.store.id, isAdmin: false });
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers, payload: { purpose: 'sensitive' } });
    const othersCode = (await t.lastSmsCode(other.phoneNumber))!;
    expect(await codeOf(guard.confirm(a.auth, { password: TEST_PASSWORD, sms_code: othersCode }))).toBe('SMS_CODE_INVALID');
  });

  it('follows the switch as it is now, not as it was', async () => {
    const { auth, store: s } = await caller(true);
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD }))).toBe('VALIDATION_FAILED');
    await t.db.update(store).set({ smsVerifySwitch: false }).where(eq(store.id, s.id));
    expect(await codeOf(guard.confirm(auth, { password: TEST_PASSWORD }))).toBe('ok');
  });
});
