import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_RESTRICTIONS, Module, Perm } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });

async function shop(modules?: Module[]) {
  const store = await t.newStore({ modules });
  const admin = await t.signedIn({ storeId: store.id, isAdmin: true });
  const clerk = await t.signedIn({ storeId: store.id, isAdmin: false, permission: Perm.APPLE_LIST_NEW });
  return { store, admin, clerk };
}

const OFF = { enable: false, type: 0, list: [] };
const wechat = { app_name: '微信', bundle_id: 'com.tencent.xin' };
const alipay = { app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient' };

describe('the Apple restriction catalogue', () => {
  it('holds each key once, allow… keys restricted by false and force… keys by true, so a missing key reads as unrestricted', () => {
    const keys = APPLE_RESTRICTIONS.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of APPLE_RESTRICTIONS) {
      expect(r.key).toMatch(/^(allow|force)[A-Z]/);
      expect(r.restrictedValue).toBe(r.key.startsWith('force'));
      expect(r.label).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('store default system restriction', () => {
  it('starts empty and is set by the admin; any clerk reads it on both addresses', async () => {
    const a = await shop();
    expect((await get('/api/store/default-restriction', a.clerk.headers)).json()).toEqual({ system_restriction: {}, app_restriction: OFF });
    const map = { allowEraseContentAndSettings: false, allowCamera: true, allowFindMyDevice: false };
    const res = await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: map });
    expect(res.statusCode).toBe(200);
    expect(res.json().system_restriction).toEqual(map);
    expect((await get('/api/store/default-restriction', a.clerk.headers)).json().system_restriction).toEqual(map);
    expect((await get('/api/device/ios/default-system-restriction', a.clerk.headers)).json()).toEqual({ system_restriction: map });
  });

  it('replaces the whole map, so a key left out is allowed again', async () => {
    const a = await shop();
    await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowCamera: false, allowScreenShot: false } });
    await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowCamera: false } });
    expect((await get('/api/device/ios/default-system-restriction', a.clerk.headers)).json()).toEqual({ system_restriction: { allowCamera: false } });
  });

  it('refuses an unknown key with a Chinese 400 and changes nothing', async () => {
    const a = await shop();
    await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowCamera: false } });
    const res = await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowCamera: true, allowTeleport: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('未知的系统限制项：allowTeleport') });
    const notBool = await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowCamera: 'no' } });
    expect(notBool.statusCode).toBe(400);
    expect(notBool.json().message).toContain('allowCamera 的值应为 true 或 false');
    expect((await get('/api/store/default-restriction', a.admin.headers)).json().system_restriction).toEqual({ allowCamera: false });
  });

  it('refuses a non-admin with 403 and changes nothing', async () => {
    const a = await shop();
    const res = await put('/api/store/default-system-restriction', a.clerk.headers, { system_restriction: { allowCamera: false } });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/store/default-restriction', a.admin.headers)).json().system_restriction).toEqual({});
  });

  it("never shows or changes another store's defaults", async () => {
    const a = await shop();
    const b = await shop();
    await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: { allowAppRemoval: false } });
    expect((await get('/api/store/default-restriction', b.admin.headers)).json().system_restriction).toEqual({});
    expect((await get('/api/device/ios/default-system-restriction', b.clerk.headers)).json().system_restriction).toEqual({});
  });

  it('belongs to the Apple module', async () => {
    const a = await shop([Module.ANDROID]);
    for (const url of ['/api/store/default-restriction', '/api/device/ios/default-system-restriction', '/api/device/ios/default-app-restriction']) {
      const res = await get(url, a.admin.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('门店未开通此功能');
    }
    expect((await put('/api/store/default-system-restriction', a.admin.headers, { system_restriction: {} })).statusCode).toBe(403);
  });
});

describe('store default app restriction', () => {
  it('is set by the admin and read by clerks with its type', async () => {
    const a = await shop();
    const rule = { enable: true, type: 1, list: [wechat] };
    const res = await put('/api/store/default-app-restriction', a.admin.headers, rule);
    expect(res.json().app_restriction).toEqual(rule);
    expect((await get('/api/device/ios/default-app-restriction', a.clerk.headers)).json()).toEqual({ ...rule, global_white_list: [] });
    // A device dialog asking for the blacklist gets the list; asking for the white list gets none.
    expect((await get('/api/device/ios/default-app-restriction?type=1', a.clerk.headers)).json().list).toEqual([wechat]);
    expect((await get('/api/device/ios/default-app-restriction?type=2', a.clerk.headers)).json().list).toEqual([]);
    expect((await get('/api/device/ios/default-app-restriction?type=7', a.clerk.headers)).statusCode).toBe(400);
  });

  it('needs a type 0-2 when enabled and apps for a white list (spec §5), else 400 and nothing changes', async () => {
    const a = await shop();
    const cases: [object, string][] = [
      [{ enable: true, list: [wechat] }, '开启应用限制时请选择限制类型'],
      [{ enable: true, type: 3, list: [wechat] }, '应用限制类型应为 0（无）、1（黑名单）或 2（白名单）'],
      [{ enable: true, type: 2, list: [] }, '白名单模式请至少添加一个应用'],
      [{ enable: true, type: 1, list: [{ app_name: '坏的', bundle_id: 'not a bundle' }] }, 'Bundle ID 格式有误'],
      [{ enable: true, type: 1, list: [wechat, wechat] }, '重复的 Bundle ID'],
      [{ type: 1 }, '请选择是否开启应用限制'],
    ];
    for (const [body, message] of cases) {
      const res = await put('/api/store/default-app-restriction', a.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await get('/api/store/default-restriction', a.admin.headers)).json().app_restriction).toEqual(OFF);
  });

  it('refuses a non-admin and stays in its store', async () => {
    const a = await shop();
    const b = await shop();
    expect((await put('/api/store/default-app-restriction', a.clerk.headers, { enable: true, type: 1, list: [wechat] })).statusCode).toBe(403);
    await put('/api/store/default-app-restriction', b.admin.headers, { enable: true, type: 2, list: [wechat] });
    expect((await get('/api/store/default-restriction', a.admin.headers)).json().app_restriction).toEqual(OFF);
  });
});

describe('Apple global app white list', () => {
  const url = '/api/user/apple-app-restriction-white-list';

  it('is saved by the admin with their password and read by any clerk, also with the default app rule', async () => {
    const a = await shop();
    expect((await get(url, a.clerk.headers)).json()).toEqual({ list: [] });
    const res = await put(url, a.admin.headers, { password: TEST_PASSWORD, list: [wechat, { ...alipay, icon: 'https://example.com/a.png' }] });
    expect(res.statusCode).toBe(200);
    const list = [
      { ...wechat, icon: '' },
      { ...alipay, icon: 'https://example.com/a.png' },
    ];
    expect(res.json()).toEqual({ list });
    expect((await get(url, a.clerk.headers)).json()).toEqual({ list });
    expect((await get('/api/device/ios/default-app-restriction', a.clerk.headers)).json().global_white_list).toEqual(list);
  });

  it('refuses a wrong password with SECPWD_MISMATCH and keeps the list', async () => {
    const a = await shop();
    await put(url, a.admin.headers, { password: TEST_PASSWORD, list: [wechat] });
    const res = await put(url, a.admin.headers, { password: 'Wrong#2026', list: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SECPWD_MISMATCH');
    expect((await get(url, a.admin.headers)).json().list).toHaveLength(1);
  });

  it('refuses a non-admin, bad bundle ids and a missing password', async () => {
    const a = await shop();
    expect((await put(url, a.clerk.headers, { password: TEST_PASSWORD, list: [wechat] })).statusCode).toBe(403);
    const bad = await put(url, a.admin.headers, { password: TEST_PASSWORD, list: [{ app_name: '坏的', bundle_id: '微信' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Bundle ID 格式有误');
    const noPassword = await put(url, a.admin.headers, { list: [wechat] });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toContain('请输入登录密码或二级密码');
    expect((await get(url, a.admin.headers)).json().list).toEqual([]);
  });

  it("never shows or changes another store's list", async () => {
    const a = await shop();
    const b = await shop();
    await put(url, a.admin.headers, { password: TEST_PASSWORD, list: [wechat] });
    expect((await get(url, b.clerk.headers)).json()).toEqual({ list: [] });
  });
});
