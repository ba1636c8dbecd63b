import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_MODULES, PERMISSION_GROUPS } from '@lease/shared';
import { sql } from 'drizzle-orm';
import { type TestApp, buildTestApp, nextPhone } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const noauth = (phone_number: string, purpose: string) =>
  t.app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload: { phone_number, purpose } });

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
    const denied = await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: clerkUser.headers, payload: { purpose: 'clerk-new', phone_number: fresh } });
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    const taken = await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'clerk-new', phone_number: clerkUser.clerk.phoneNumber } });
    expect(taken.statusCode).toBe(409);
    const ok = await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'clerk-new', phone_number: fresh } });
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
    expect(me.json()).toMatchObject({ name: '李店长', is_admin: true, store: { store_name: '福田租机店' }, available_modules: DEFAULT_STORE_MODULES, permission: ['Admin'] });
  });

  it('refuses a phone that is already a clerk, and bad fields, creating nothing', async () => {
    const c = await t.newClerk();
    const count = async () => ((await t.db.execute(sql`select count(*)::int as n from store`)) as unknown as { rows: { n: number }[] }).rows[0];
    const before = await count();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '店', name: '王', phone_number: c.phoneNumber, sms_code: '123456', password: 'Reg#2026ab' },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/system/register-store', payload: { store_name: '', name: 'x'.repeat(21), phone_number: nextPhone(), sms_code: '1', password: '1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'password', 'sms_code', 'store_name']);
    expect(await count()).toEqual(before);
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
    expect((await t.app.inject({ method: 'GET', url: '/api/system/client-config' })).json()).toEqual({ flow_bill_url: null, amap_key: null, amap_security_code: null, ios_enrolment_https: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/helper/server-version' })).json()).toHaveProperty('version');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });
});

describe('dev tools', () => {
  it('are not registered when DEV_TOOLS is off', async () => {
    const prod = await buildTestApp({ DEV_TOOLS: '0' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/test' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('pages the outbox with page_num from 0 and refuses page_size 0 or 51 with Chinese messages', async () => {
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    for (const p of phones) await noauth(p, 'register');
    const first = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_num=0&page_size=2' });
    expect(first.json().list.map((m: { phone_number: string }) => m.phone_number)).toEqual([phones[2], phones[1]]);
    const second = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_num=1&page_size=2' });
    expect(second.json().list[0].phone_number).toBe(phones[0]);
    for (const query of ['page_size=0', 'page_size=51', 'page_num=-1', 'page_size=abc', 'page_num=1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/每页条数应在 1-50 之间|页码应为非负整数/);
    }
  });

  it('report the adapters and database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/test' });
    expect(res.json()).toEqual({
      adapters: [
        { name: 'sms', label: '短信网关', impl: expect.stringContaining('发件箱'), live: false },
        { name: 'apns', label: 'APNs 推送', impl: expect.stringContaining('未配置'), live: false },
        { name: 'amap', label: '高德逆地理编码', impl: expect.stringContaining('未配置'), live: false },
        { name: 'itunes', label: 'App Store 应用搜索', impl: expect.stringContaining('未配置'), live: false },
        { name: 'dep', label: 'Apple 商务管理（DEP）', impl: expect.stringContaining('服务器令牌'), live: true },
        { name: 'activation-lock', label: expect.stringContaining('Apple 激活锁服务'), impl: expect.stringContaining('未配置'), live: false },
      ],
      database: t.database.kind,
    });
  });
});

it('keeps PERMISSION_GROUPS codes unique', () => {
  const codes = PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => i.code));
  expect(new Set(codes).size).toBe(codes.length);
});
