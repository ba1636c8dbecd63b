import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_PASSWORD, buildTestApp, nextPhone } from '../../test/build-test-app.ts';
import { passwordProblem } from './password.ts';
import { sendPublicCode } from '../sms-code/sms-proof.test-kit.ts';

const PHONE = '13812345678';

describe('passwordProblem', () => {
  it('refuses the account’s own phone number and passwords made of its digits', () => {
    for (const p of [PHONE, `${PHONE}a`, `a${PHONE}!`, '345678', '12345678', '1381234', '812345678']) expect(passwordProblem(p, PHONE), p).toMatch(/手机号/);
  });

  it('refuses the product name’s pinyin in any case, with digits, symbols or look-alike digits, and its initials', () => {
    for (const p of [
      'zujibao',
      'ZuJiBao',
      'ZUJIBAO',
      'zujibao123',
      '123zujibao',
      'Zujibao@2026',
      'zu-ji-bao!',
      'zuj1bao88',
      'zujiba0',
      'my.zujibao',
      'zjb123456',
      'ZJB2026!',
    ]) {
      expect(passwordProblem(p, PHONE), p).toBe('密码不能包含产品名称“租机宝”的拼音（zujibao）');
    }
  });

  it('keeps the common-password list', () => {
    for (const p of ['111111', 'password', 'Passw0rd', 'woaini1314']) expect(passwordProblem(p, PHONE), p).toBe('密码过于简单，请换一个');
  });

  it('lets ordinary passwords through, including other digits and words that only share letters', () => {
    for (const p of ['Reg#2026ab', 'Chen#2026x', '13912345678', '987654321', 'zujiqi2026', 'xzjbq9k2', 'baozuji1'])
      expect(passwordProblem(p, PHONE), p).toBeNull();
  });
});

describe('every place a password is set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refusedFor = (res: { statusCode: number; json(): { code: string; message: string; errors?: { field: string }[] } }, message: RegExp) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'password' }] });
    expect(res.json().message).toMatch(message);
  };
  const sendCode = (phone_number: string, purpose: string) => sendPublicCode(t.app, { phone_number, purpose });

  it('register-store refuses the phone and the product name before spending the code', async () => {
    const phone = nextPhone();
    await sendCode(phone, 'register');
    const code = await t.lastSmsCode(phone);
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/system/register-store',
        payload: { store_name: '店', name: '王', phone_number: phone, sms_code: code, password },
      });
    refusedFor(await register(phone), /手机号/);
    refusedFor(await register('ZuJiBao2026'), /zujibao/);
    expect((await register('Reg#2026ab')).statusCode).toBe(200);
  });

  it('reset-password refuses them', async () => {
    const c = await t.newClerk();
    await sendCode(c.phoneNumber, 'reset-password');
    const code = await t.lastSmsCode(c.phoneNumber);
    const reset = (password: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/reset-password', payload: { phone_number: c.phoneNumber, sms_code: code, password } });
    refusedFor(await reset(`x${c.phoneNumber}`), /手机号/);
    refusedFor(await reset('zujibao!1'), /zujibao/);
    expect((await reset('Reset#2026')).statusCode).toBe(200);
  });

  it('update-password refuses them for the login and the secondary password', async () => {
    const me = await t.signedIn({ isAdmin: true });
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: me.headers, payload: { purpose: 'update-password' } });
    const code = await t.lastSmsCode(me.clerk.phoneNumber);
    const update = (type: number, password: string) =>
      t.app.inject({ method: 'PUT', url: '/api/user/update-password', headers: me.headers, payload: { type, sms_code: code, password } });
    refusedFor(await update(0, me.clerk.phoneNumber.slice(-6)), /手机号/);
    refusedFor(await update(1, 'Zujibao888'), /zujibao/);
    expect((await update(1, 'Second#2026')).statusCode).toBe(200);
  });

  it('a new clerk and an admin’s reset of a clerk refuse that clerk’s phone and the product name', async () => {
    const admin = await t.signedIn({ isAdmin: true });
    const phone = nextPhone();
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'clerk-new', phone_number: phone } });
    const code = await t.lastSmsCode(phone);
    const create = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/store/clerk/new',
        headers: admin.headers,
        payload: { name: '陈小明', phone_number: phone, sms_code: code, password },
      });
    refusedFor(await create(phone), /手机号/);
    refusedFor(await create('zjb123456'), /zujibao/);
    const created = await create(TEST_PASSWORD);
    expect(created.statusCode).toBe(200);

    const reset = (password: string) =>
      t.app.inject({ method: 'PUT', url: '/api/store/clerk/reset-password', headers: admin.headers, payload: { id: created.json().id, password } });
    refusedFor(await reset(`${phone}#`), /手机号/);
    refusedFor(await reset('ZUJIBAO-1'), /zujibao/);
    expect((await reset('Clerk#2026')).statusCode).toBe(200);
  });
});
