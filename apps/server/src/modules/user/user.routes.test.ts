import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module, Perm } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/me', () => {
  it('gives an admin Admin plus their codes and the store modules', async () => {
    const s = await t.newStore({ modules: [Module.APPLE, Module.REPORT_BASIC], storeName: '华强北店' });
    const { headers, clerk } = await t.signedIn({ storeId: s.id, isAdmin: true, permission: 'Db1' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(res.json()).toMatchObject({
      id: clerk.id,
      is_admin: true,
      store: { id: s.id, store_name: '华强北店' },
      available_modules: ['apple', 'report-basic'],
      permission: ['Admin', 'Db1'],
      has_secondary_password: false,
    });
  });

  it('gives a clerk only their known codes', async () => {
    const { headers } = await t.signedIn({ isAdmin: false, permission: 'Ab4,Dc1,ZZ9' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(res.json().permission).toEqual([Perm.APPLE_ENABLE_LOST_MODE, Perm.LOGIN_LOG]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('lost-modal-content', () => {
  it('starts empty, saves, and reads back', async () => {
    const { headers } = await t.signedIn();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/lost-modal-content', headers })).json()).toEqual({
      message: '',
      phone_number: '',
      footnote: '',
    });
    const content = { message: '请联系门店处理欠款', phone_number: '13912345678', footnote: '华强北店' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/lost-modal-content', headers, payload: content })).json()).toEqual(content);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/lost-modal-content', headers })).json()).toEqual(content);
  });

  it('refuses a bad phone and changes nothing', async () => {
    const { headers } = await t.signedIn();
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/lost-modal-content', headers, payload: { message: 'x', phone_number: '12345' } });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/lost-modal-content', headers })).json().message).toBe('');
  });
});

describe('PUT /api/user/update-password', () => {
  const sendCode = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers, payload: { purpose: 'update-password' } });

  it('type 0 changes the login password with an SMS code and ends every session', async () => {
    const { headers, clerk, tokens } = await t.signedIn();
    const other = await t.login(clerk.phoneNumber);
    const sent = await sendCode(headers);
    expect(sent.json()).toMatchObject({ resend_after: 60, masked_phone: `${clerk.phoneNumber.slice(0, 3)}****${clerk.phoneNumber.slice(7)}` });
    const code = await t.lastSmsCode(clerk.phoneNumber);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/update-password', headers, payload: { type: 0, sms_code: code, password: 'Fresh#Pass1' } });
    expect(res.json()).toEqual({ ok: true });
    for (const access of [tokens.access_token, other.access_token]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(401);
    }
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: clerk.phoneNumber, password: TEST_PASSWORD } });
    expect(oldLogin.statusCode).toBe(400);
    await t.login(clerk.phoneNumber, 'Fresh#Pass1');
  });

  it('type 1 sets the secondary password and keeps the session', async () => {
    const { headers, clerk } = await t.signedIn();
    await sendCode(headers);
    const code = await t.lastSmsCode(clerk.phoneNumber);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/update-password', headers, payload: { type: 1, sms_code: code, password: 'Second#123' } });
    expect(res.json()).toEqual({ ok: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(after.json().has_secondary_password).toBe(true);
  });

  it.each([
    ['a wrong code', { type: 0, sms_code: '000000', password: 'Fresh#Pass1' }, 400, 'SMS_CODE_INVALID'],
    ['a 5-digit code', { type: 0, sms_code: '12345', password: 'Fresh#Pass1' }, 400, 'VALIDATION_FAILED'],
    ['type 2', { type: 2, sms_code: '123456', password: 'Fresh#Pass1' }, 400, 'VALIDATION_FAILED'],
    ['a common password', { type: 0, sms_code: '123456', password: '12345678' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %s', async (_name, payload, status, code) => {
    const { headers, clerk } = await t.signedIn();
    await sendCode(headers);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/update-password', headers, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    await t.login(clerk.phoneNumber);
  });
});
