import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_MODULES, PERMISSION_GROUPS } from '@lease/shared';
import { sql } from 'drizzle-orm';
import { type TestApp, buildTestApp, nextPhone } from '../../test/build-test-app.ts';
import { sendPublicCode } from '../sms-code/sms-proof.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** noauth asks for a code as the console does, solving the proof of work when the server asks for one. */
const noauth = (phone_number: string, purpose: string) => sendPublicCode(t.app, { phone_number, purpose });

describe('SMS codes', () => {
  it('sends a 6-digit code to the outbox, masks the phone, and refuses a resend within 60 s', async () => {
    const phone = nextPhone();
    const res = await noauth(phone, 'register');
    expect(res.json()).toEqual({ resend_after: 60, masked_phone: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    expect(await t.lastSmsCode(phone)).toMatch(/^\d{6}$/);
    const again = await noauth(phone, 'register');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('验证码发送过于频繁，请 60 秒后再试');
  });

  it('does not reveal whether a phone has an account when resetting a password', async () => {
    const stranger = nextPhone();
    const res = await noauth(stranger, 'reset-password');
    expect(res.statusCode).toBe(200);
    expect(await t.lastSmsCode(stranger)).toBeNull();
  });

  it('refuses purposes that need a session, and malformed phones', async () => {
    expect((await noauth(nextPhone(), 'update-password')).statusCode).toBe(400);
    expect((await noauth('1234', 'register')).json().code).toBe('VALIDATION_FAILED');
  });

  it('sends no code for the lease reminder purpose, with or without a session', async () => {
    const { headers } = await t.signedIn();
    const phone = nextPhone();
    const answers = [
      await noauth(phone, 'lease-reminder'),
      await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers, payload: { purpose: 'lease-reminder', phone_number: phone } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('验证码用途有误（purpose）');
    }
    expect(await t.lastSmsCode(phone)).toBeNull();
  });

  it('burns a code after five wrong guesses and lets a right one work only once', async () => {
    const c = await t.newClerk();
    await noauth(c.phoneNumber, 'reset-password');
    const code = (await t.lastSmsCode(c.phoneNumber))!;
    const reset = (sms_code: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/reset-password', payload: { phone_number: c.phoneNumber, sms_code, password: 'Reset#2026' } });
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await reset(wrong)).json().code).toBe('SMS_CODE_INVALID');
    expect((await reset(code)).json().code).toBe('SMS_CODE_INVALID');

    await t.db.execute(sql`update sms_code set created_at = now() - interval '2 minutes'`);
    await noauth(c.phoneNumber, 'reset-password');
    const fresh = (await t.lastSmsCode(c.phoneNumber))!;
    expect((await reset(fresh)).json()).toEqual({ ok: true });
    expect((await reset(fresh)).json().code).toBe('SMS_CODE_INVALID');
  });

  it('does not accept a code sent for another purpose', async () => {
    const c = await t.newClerk();
    const { headers } = await t.signedIn({ isAdmin: true });
    await t.db.execute(sql`delete from clerk where id = ${c.id}`);
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers, payload: { purpose: 'clerk-new', phone_number: c.phoneNumber } });
    const code = await t.lastSmsCode(c.phoneNumber);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '店', name: '张三', phone_number: c.phoneNumber, sms_code: code, password: 'Reg#2026ab' },
    });
    expect(res.json().code).toBe('SMS_CODE_INVALID');
  });

  it('sends the clerk-new code only for an admin and only to a phone that is not a clerk yet', async () => {
    const admin = await t.signedIn({ isAdmin: true });
    const clerkUser = await t.signedIn({ isAdmin: false, permission: 'Aa3' });
    const fresh = nextPhone();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/system/smsverify',
      headers: clerkUser.headers,
      payload: { purpose: 'clerk-new', phone_number: fresh },
    });
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/system/smsverify',
      headers: admin.headers,
      payload: { purpose: 'clerk-new', phone_number: clerkUser.clerk.phoneNumber },
    });
    expect(taken.statusCode).toBe(409);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/system/smsverify',
      headers: admin.headers,
      payload: { purpose: 'clerk-new', phone_number: fresh },
    });
    expect(ok.statusCode).toBe(200);
    expect(await t.lastSmsCode(fresh)).toMatch(/^\d{6}$/);
  });
});

describe('store registration', () => {
  it('creates a store with its admin from an SMS-verified phone and signs them in', async () => {
    const phone = nextPhone();
    await noauth(phone, 'register');
    const code = await t.lastSmsCode(phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '福田租机店', name: '李店长', phone_number: phone, sms_code: code, password: 'Reg#2026ab' },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.json()).toMatchObject({
      name: '李店长',
      is_admin: true,
      store: { store_name: '福田租机店' },
      available_modules: DEFAULT_STORE_MODULES,
      permission: ['Admin'],
    });
  });

  it('refuses bad fields, creating nothing', async () => {
    const count = async () => ((await t.db.execute(sql`select count(*)::int as n from store`)) as unknown as { rows: { n: number }[] }).rows[0];
    const before = await count();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '', name: 'x'.repeat(21), phone_number: nextPhone(), sms_code: '1', password: '1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['name', 'password', 'sms_code', 'store_name']);
    expect(await count()).toEqual(before);
  });
});

describe('registration does not tell registered phones apart', () => {
  const register = (phone_number: string, sms_code: string, remoteAddress = '10.20.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '店', name: '王', phone_number, sms_code, password: 'Reg#2026ab' },
      remoteAddress,
    });
  /** masked drops the one part that must differ: the phone itself. */
  const same = (res: { statusCode: number; body: string }, phone: string) => ({ status: res.statusCode, body: res.body.replace(phone.slice(7), 'NNNN') });

  it('answers a register code request alike, sends nothing to a registered phone, and applies the resend wait to both', async () => {
    const registered = (await t.newClerk()).phoneNumber;
    const fresh = nextPhone();
    const [a, b] = [await noauth(registered, 'register'), await noauth(fresh, 'register')];
    expect(same(a, registered)).toEqual(same(b, fresh));
    expect(a.statusCode).toBe(200);
    expect(await t.lastSmsCode(registered)).toBeNull();
    expect(await t.lastSmsCode(fresh)).toMatch(/^\d{6}$/);
    const [again1, again2] = [await noauth(registered, 'register'), await noauth(fresh, 'register')];
    expect(same(again1, registered)).toEqual(same(again2, fresh));
    expect(again1.statusCode).toBe(429);
  });

  it('checks the code before the phone: a registered phone gets the same 验证码错误 as any wrong code', async () => {
    const registered = (await t.newClerk()).phoneNumber;
    const fresh = nextPhone();
    expect(same(await register(registered, '123456'), registered)).toEqual(same(await register(fresh, '123456'), fresh));
    // Even after asking for a code: none reaches a registered phone, so every guess is just wrong.
    await noauth(registered, 'register');
    await noauth(fresh, 'register');
    const guess = (await t.lastSmsCode(fresh)) === '654321' ? '123456' : '654321';
    const [a, b] = [await register(registered, guess), await register(fresh, guess)];
    expect(same(a, registered)).toEqual(same(b, fresh));
    expect(a.json()).toMatchObject({ statusCode: 400, code: 'SMS_CODE_INVALID' });
  });

  it('tells only the holder of a valid code that the phone is taken', async () => {
    const phone = nextPhone();
    await noauth(phone, 'register');
    const code = (await t.lastSmsCode(phone))!;
    await t.newClerk({ phone }); // registered meanwhile (another tab, another store)
    const res = await register(phone, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该手机号已注册，请直接登录');
  });

  it('counts register-store calls toward the check throttle alike, registered phone or not', async () => {
    const answered: string[][] = [];
    for (const phone of [(await t.newClerk()).phoneNumber, nextPhone()]) {
      const ip = `10.21.${phone.slice(-2)}.1`;
      // With no code asked for, nothing is counted: guesses cannot succeed, and counting them would lock the owner out.
      for (let i = 0; i < 31; i++) expect((await register(phone, '123456', ip)).json().code).toBe('SMS_CODE_INVALID');
      await noauth(phone, 'register');
      const guess = (await t.lastSmsCode(phone)) === '123456' ? '654321' : '123456';
      const codes: string[] = [];
      for (let i = 0; i < 31; i++) codes.push((await register(phone, guess, ip)).json().code);
      answered.push(codes);
      const throttled = await register(phone, guess, ip);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().message).toBe('验证码校验过于频繁，请稍后再试');
    }
    expect(answered[0]).toEqual(answered[1]);
    expect(answered[0][0]).toBe('SMS_CODE_INVALID');
  });
});

describe('other system calls', () => {
  it('serves the permission map, the SMS switch, the client config and the server version', async () => {
    const s = await t.newStore({ smsVerifySwitch: true });
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/permission-map', headers })).json()).toEqual(PERMISSION_GROUPS);
    const need = await t.app.inject({ method: 'GET', url: '/api/system/check-need-sms-verify?action=turn-off-activation-lock', headers });
    expect(need.json()).toEqual({ need: true });
    const badAction = await t.app.inject({ method: 'GET', url: '/api/system/check-need-sms-verify?action=reboot', headers });
    expect(badAction.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/client-config' })).json()).toEqual({
      flow_bill_url: null,
      amap_key: null,
      amap_security_code: null,
      ios_enrolment_https: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/helper/server-version' })).json()).toHaveProperty('version');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });
});

it('keeps PERMISSION_GROUPS codes unique', () => {
  const codes = PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => i.code));
  expect(new Set(codes).size).toBe(codes.length);
});
