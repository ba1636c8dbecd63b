import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type MockItunes, startMockItunes } from '@lease/device-sim';
import { Module, Perm } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { appstoreApp } from './appstore.table.ts';

let t: TestApp;
let offline: TestApp;
let itunes: MockItunes;
beforeAll(async () => {
  itunes = await startMockItunes();
  [t, offline] = await Promise.all([buildTestApp({ ITUNES_ORIGIN: itunes.origin, DEV_TOOLS: '1' }), buildTestApp({ DEV_TOOLS: '1' })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), offline.close()]);
  await itunes.close();
});

const wechat = {
  platform: 'apple',
  app_name: '微信',
  bundle_id: 'com.tencent.xin',
  group: '社交',
  sort: 2,
  icon: 'https://is1-ssl.mzstatic.com/a.jpg',
  track_id: '414478124',
};

async function adminOfNewStore(modules?: Module[]) {
  const s = await t.newStore({ modules });
  return { store: s, ...(await t.signedIn({ storeId: s.id, isAdmin: true })) };
}

describe('GET /api/helper/itunes-search', () => {
  it('answers the stand-in results, mapped', async () => {
    const { headers } = await adminOfNewStore();
    const res = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: '支付宝', platform: '0' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      list: [
        {
          track_id: '333206289',
          app_name: '支付宝',
          bundle_id: 'com.alipay.iphoneclient',
          icon: `${itunes.origin}/artwork/333206289/100x100bb.svg`,
          version: '10.6.20',
          seller: 'Alipay.com Co., Ltd',
        },
      ],
    });
    expect(itunes.requests.at(-1)!.searchParams.get('entity')).toBe('software');
  });

  it('searches iPad apps with platform 1', async () => {
    const { headers } = await adminOfNewStore();
    const res = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: 'QQ', platform: '1' } });
    expect(res.json().list.map((a: { bundle_id: string }) => a.bundle_id)).toEqual(['com.tencent.mqq', 'com.tencent.mipadqq']);
    expect(itunes.requests.at(-1)!.searchParams.get('entity')).toBe('iPadSoftware');
  });

  it('refuses an empty term or another platform in Chinese', async () => {
    const { headers } = await adminOfNewStore();
    const empty = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('请输入搜索关键词');
    const bad = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: 'qq', platform: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('搜索平台只能是 0（iPhone）或 1（iPad）');
  });

  it('passes the stand-in failure on as 503 with a Chinese message', async () => {
    const { headers } = await adminOfNewStore();
    itunes.setFault({ status: 503 });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: '微信' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: '应用商店搜索失败：服务返回 503，请稍后重试或手动填写' });
    } finally {
      itunes.setFault({});
    }
  });

  it('without ITUNES_ORIGIN says online search is unavailable and asks for manual entry', async () => {
    const s = await offline.newStore();
    const { headers } = await offline.signedIn({ storeId: s.id, isAdmin: true });
    const res = await offline.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: '微信' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('未配置应用商店在线搜索，请手动填写 Bundle ID 和应用名称');
    // The dev page (the demo store's admin only) says which iTunes search is live.
    const devAdapters = async (app: TestApp) => {
      const demo = await app.newStore({ isDemo: true });
      const { headers: demoAdmin } = await app.signedIn({ storeId: demo.id, isAdmin: true });
      return (await app.app.inject({ method: 'GET', url: '/api/dev/test', headers: demoAdmin })).json().adapters;
    };
    expect(await devAdapters(offline)).toContainEqual(expect.objectContaining({ name: 'itunes', live: false }));
    expect(await devAdapters(t)).toContainEqual(expect.objectContaining({ name: 'itunes', live: true, impl: `iTunes Search API（${itunes.origin}）` }));
  });

  it('needs the Apple module', async () => {
    const { headers } = await adminOfNewStore([Module.ANDROID]);
    const res = await t.app.inject({ method: 'GET', url: '/api/helper/itunes-search', headers, query: { term: '微信' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('app library', () => {
  it('adds, lists by platform and group in sort order, edits and deletes', async () => {
    const { headers } = await adminOfNewStore();
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/appstore/new', headers, payload });
    const created = await add(wechat);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ platform: 'apple', app_name: '微信', bundle_id: 'com.tencent.xin', group: '社交', sort: 2, track_id: '414478124' });
    await add({ platform: 'apple', app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient', group: '金融', sort: 1 });
    await add({ platform: 'apple', app_name: 'QQ', bundle_id: 'com.tencent.mqq', group: '社交', sort: 2 });
    await add({ platform: 'android', app_name: '微信', bundle_id: 'com.tencent.mm', group: '社交' });

    const list = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/appstore/list', headers, query });
    const apple = (await list({ platform: 'apple' })).json();
    expect(apple.total).toBe(3);
    expect(apple.list.map((a: { app_name: string }) => a.app_name)).toEqual(['支付宝', 'QQ', '微信']);
    const social = (await list({ platform: 'apple', group: '社交' })).json();
    expect(social.list.map((a: { bundle_id: string }) => a.bundle_id)).toEqual(['com.tencent.mqq', 'com.tencent.xin']);
    expect((await list({ platform: 'android' })).json().list.map((a: { bundle_id: string }) => a.bundle_id)).toEqual(['com.tencent.mm']);
    expect((await list({ platform: 'apple', keyword: 'alipay' })).json().total).toBe(1);
    expect((await list({ platform: 'apple', keyword: '%' })).json().total).toBe(0);
    const groups = await t.app.inject({ method: 'GET', url: '/api/appstore/groups', headers, query: { platform: 'apple' } });
    expect(groups.json()).toEqual({ list: ['社交', '金融'].sort() });

    const id = created.json().id;
    const edited = await t.app.inject({ method: 'PUT', url: `/api/appstore/${id}`, headers, payload: { sort: 0, group: '常用' } });
    expect(edited.json()).toMatchObject({ id, sort: 0, group: '常用', app_name: '微信' });
    expect((await list({ platform: 'apple' })).json().list[0].id).toBe(id);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/appstore/${id}`, headers })).json()).toEqual({ ok: true });
    expect((await list({ platform: 'apple' })).json().total).toBe(2);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appstore/${id}`, headers })).statusCode).toBe(404);
  });

  it('refuses a second entry of a bundle id, bad ids and empty edits in Chinese', async () => {
    const { headers } = await adminOfNewStore();
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/appstore/new', headers, payload });
    expect((await add(wechat)).statusCode).toBe(200);
    const again = await add({ ...wechat, app_name: '微信2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('com.tencent.xin 已在应用库中');
    const badApple = await add({ platform: 'apple', app_name: 'x', bundle_id: 'no spaces allowed' });
    expect(badApple.statusCode).toBe(400);
    expect(badApple.json().message).toContain('Bundle ID 格式有误');
    const badAndroid = await add({ platform: 'android', app_name: 'x', bundle_id: 'com.tencent-mm' });
    expect(badAndroid.statusCode).toBe(400);
    expect(badAndroid.json().message).toContain('包名格式有误');
    const noName = await add({ platform: 'android', app_name: '', bundle_id: 'com.tencent.mm' });
    expect(noName.json().message).toContain('请输入应用名称');
    const badSort = await add({ ...wechat, bundle_id: 'com.a.b', sort: -1 });
    expect(badSort.json().message).toContain('排序应为 0-9999 的整数');
    const id = (await t.app.inject({ method: 'GET', url: '/api/appstore/list', headers, query: { platform: 'apple' } })).json().list[0].id;
    const empty = await t.app.inject({ method: 'PUT', url: `/api/appstore/${id}`, headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('没有要修改的内容');
  });

  it("another store's ids answer 404 and change nothing", async () => {
    const mine = await adminOfNewStore();
    const other = await adminOfNewStore();
    const id = (await t.app.inject({ method: 'POST', url: '/api/appstore/new', headers: mine.headers, payload: wechat })).json().id;
    const put = await t.app.inject({ method: 'PUT', url: `/api/appstore/${id}`, headers: other.headers, payload: { group: '偷改' } });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('应用不存在');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appstore/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/appstore/list', headers: other.headers, query: { platform: 'apple' } })).json().total).toBe(0);
    const [row] = await t.db.select().from(appstoreApp).where(eq(appstoreApp.id, id));
    expect(row).toMatchObject({ storeId: mine.store.id, group: '社交' });
  });

  it("edits need the platform's set-app-restriction permission; reading needs none", async () => {
    const { store, headers: admin } = await adminOfNewStore();
    const id = (await t.app.inject({ method: 'POST', url: '/api/appstore/new', headers: admin, payload: wechat })).json().id;
    const plain = await t.signedIn({ storeId: store.id, isAdmin: false, permission: '' });
    expect((await t.app.inject({ method: 'GET', url: '/api/appstore/list', headers: plain.headers, query: { platform: 'apple' } })).json().total).toBe(1);
    for (const req of [
      { method: 'POST' as const, url: '/api/appstore/new', payload: { ...wechat, bundle_id: 'com.x.y' } },
      { method: 'PUT' as const, url: `/api/appstore/${id}`, payload: { sort: 9 } },
      { method: 'DELETE' as const, url: `/api/appstore/${id}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: plain.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
    }
    const appleKeeper = await t.signedIn({ storeId: store.id, isAdmin: false, permission: Perm.APPLE_SET_APP_RESTRICTION });
    expect((await t.app.inject({ method: 'PUT', url: `/api/appstore/${id}`, headers: appleKeeper.headers, payload: { sort: 9 } })).json().sort).toBe(9);
    const android = await t.app.inject({
      method: 'POST',
      url: '/api/appstore/new',
      headers: appleKeeper.headers,
      payload: { platform: 'android', app_name: '微信', bundle_id: 'com.tencent.mm' },
    });
    expect(android.statusCode).toBe(403);
    const [row] = await t.db.select().from(appstoreApp).where(eq(appstoreApp.id, id));
    expect(row.sort).toBe(9);
  });

  it("a platform's library needs its device module", async () => {
    const { headers } = await adminOfNewStore([Module.APPLE]);
    expect((await t.app.inject({ method: 'GET', url: '/api/appstore/list', headers, query: { platform: 'android' } })).statusCode).toBe(403);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/appstore/new',
      headers,
      payload: { platform: 'android', app_name: '微信', bundle_id: 'com.tencent.mm' },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('门店未开通此功能');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appstore/list', query: { platform: 'apple' } })).statusCode).toBe(401);
  });
});
