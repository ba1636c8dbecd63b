import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perm } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });

/** A store with its admin and a plain clerk, both signed in. */
async function shop(values: { smsVerifySwitch?: boolean } = {}) {
  const store = await t.newStore({ storeName: '甲门店', ...values });
  const admin = await t.signedIn({ storeId: store.id, isAdmin: true });
  const clerk = await t.signedIn({ storeId: store.id, isAdmin: false, permission: Perm.APPLE_LIST_NEW });
  return { store, admin, clerk };
}

describe('GET/PUT /api/store/info', () => {
  it('shows any clerk their own store', async () => {
    const a = await shop();
    const res = await get('/api/store/info', a.clerk.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.store.id,
      store_name: '甲门店',
      device_count: 100,
      used_device_count: 0,
      rcs_count: 0,
      used_rcs_count: 0,
      discount_rate: expect.any(String),
      remark: '',
      employee_default_permission: [],
      sms_verify_switch: false,
      date_created: expect.any(String),
    });
    expect(res.json().modules).toContain('apple');
  });

  it('lets the admin rename the store, set its remark and the default permission of new clerks', async () => {
    const a = await shop();
    const res = await put('/api/store/info', a.admin.headers, {
      store_name: ' 乙门店 ',
      remark: '城西店',
      employee_default_permission: [Perm.APPLE_LIST_NEW, Perm.APPLE_ENABLE_LOST_MODE, Perm.APPLE_LIST_NEW],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      store_name: '乙门店',
      remark: '城西店',
      employee_default_permission: [Perm.APPLE_LIST_NEW, Perm.APPLE_ENABLE_LOST_MODE],
    });
    // The clerk page's "new clerk" default reads the same setting.
    const perms = await get('/api/store/clerk/permission', a.admin.headers);
    expect(perms.json().employee_default_permission).toEqual([Perm.APPLE_LIST_NEW, Perm.APPLE_ENABLE_LOST_MODE]);
  });

  it('refuses a non-admin with 403 and changes nothing', async () => {
    const a = await shop();
    const res = await put('/api/store/info', a.clerk.headers, { store_name: '被改了' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    expect((await get('/api/store/info', a.admin.headers)).json().store_name).toBe('甲门店');
  });

  it('refuses bad input with a Chinese 400', async () => {
    const a = await shop();
    const empty = await put('/api/store/info', a.admin.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('没有要修改的内容');
    const admin = await put('/api/store/info', a.admin.headers, { employee_default_permission: [Perm.ADMIN] });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toContain('权限代码有误');
    const blank = await put('/api/store/info', a.admin.headers, { store_name: '  ' });
    expect(blank.json().message).toContain('请输入门店名称');
  });

  it("never shows or changes another store's row", async () => {
    const a = await shop();
    const b = await shop();
    await put('/api/store/info', a.admin.headers, { store_name: '甲改名', remark: '甲的备注' });
    const seen = (await get('/api/store/info', b.admin.headers)).json();
    expect(seen).toMatchObject({ id: b.store.id, store_name: '甲门店', remark: '' });
  });
});

describe('sms-verify-switch', () => {
  const need = async (headers: Headers) => (await get('/api/system/check-need-sms-verify?action=turn-off-activation-lock', headers)).json().need;
  const sendCode = async (who: { clerk: { phoneNumber: string }; headers: Headers }) => {
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: who.headers, payload: { purpose: 'sensitive' } });
    return (await t.lastSmsCode(who.clerk.phoneNumber))!;
  };

  it('is off for a new store and readable by any clerk', async () => {
    const a = await shop();
    expect((await get('/api/store/sms-verify-switch', a.clerk.headers)).json()).toEqual({ enabled: false });
  });

  it('turns on with the admin password only, which check-need-sms-verify then reports', async () => {
    const a = await shop();
    const res = await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: true, password: TEST_PASSWORD });
    expect(res.json()).toEqual({ enabled: true });
    expect(await need(a.clerk.headers)).toBe(true);
  });

  it('refuses a wrong password with SECPWD_MISMATCH and leaves the switch alone', async () => {
    const a = await shop();
    const res = await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: true, password: 'Wrong#2026' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SECPWD_MISMATCH');
    expect((await get('/api/store/sms-verify-switch', a.admin.headers)).json()).toEqual({ enabled: false });
  });

  it('refuses a non-admin even with the right password', async () => {
    const a = await shop();
    const res = await put('/api/store/sms-verify-switch', a.clerk.headers, { enabled: true, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    expect(await need(a.admin.headers)).toBe(false);
  });

  it('once on, the guard asks for the SMS code: turning it off needs the code sent to the admin', async () => {
    const a = await shop({ smsVerifySwitch: true });
    const noCode = await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: false, password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: '门店已开启短信验证，请输入短信验证码' });
    const code = await sendCode(a.admin);
    const wrong = await put('/api/store/sms-verify-switch', a.admin.headers, {
      enabled: false,
      password: TEST_PASSWORD,
      sms_code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('SMS_CODE_INVALID');
    expect(await need(a.admin.headers)).toBe(true);
    const ok = await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: false, password: TEST_PASSWORD, sms_code: code });
    expect(ok.json()).toEqual({ enabled: false });
    expect(await need(a.clerk.headers)).toBe(false);
  });

  it("only switches the caller's own store", async () => {
    const a = await shop();
    const b = await shop();
    await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: true, password: TEST_PASSWORD });
    expect(await need(b.admin.headers)).toBe(false);
  });

  it('refuses a malformed body with 400', async () => {
    const a = await shop();
    const res = await put('/api/store/sms-verify-switch', a.admin.headers, { enabled: 'yes', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('开关状态应为开或关');
  });
});

describe('default lock-screen text', () => {
  const storeDefault = { message: '本机为租赁设备，请联系门店', phone_number: '13900000000', footnote: '甲门店' };

  it('is set by the admin and read by any clerk of the store', async () => {
    const a = await shop();
    expect((await get('/api/store/lost-modal-content', a.clerk.headers)).json()).toEqual({ message: '', phone_number: '', footnote: '' });
    const res = await put('/api/store/lost-modal-content', a.admin.headers, storeDefault);
    expect(res.json()).toEqual(storeDefault);
    expect((await get('/api/store/lost-modal-content', a.clerk.headers)).json()).toEqual(storeDefault);
  });

  it("fills each field a clerk left empty from the store's default", async () => {
    const a = await shop();
    await put('/api/store/lost-modal-content', a.admin.headers, storeDefault);
    expect((await get('/api/user/lost-modal-content', a.clerk.headers)).json()).toEqual(storeDefault);
    await put('/api/user/lost-modal-content', a.clerk.headers, { message: '请尽快还款', phone_number: '', footnote: '' });
    expect((await get('/api/user/lost-modal-content', a.clerk.headers)).json()).toEqual({ ...storeDefault, message: '请尽快还款' });
  });

  it('refuses a non-admin and bad input, changing nothing', async () => {
    const a = await shop();
    const denied = await put('/api/store/lost-modal-content', a.clerk.headers, storeDefault);
    expect(denied.statusCode).toBe(403);
    const bad = await put('/api/store/lost-modal-content', a.admin.headers, { ...storeDefault, phone_number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/store/lost-modal-content', a.admin.headers)).json().message).toBe('');
  });

  it("never reaches another store's clerks", async () => {
    const a = await shop();
    const b = await shop();
    await put('/api/store/lost-modal-content', a.admin.headers, storeDefault);
    expect((await get('/api/user/lost-modal-content', b.clerk.headers)).json()).toEqual({ message: '', phone_number: '', footnote: '' });
    expect((await get('/api/store/lost-modal-content', b.admin.headers)).json().message).toBe('');
  });
});
