import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../../config.ts';
import { demoEnv } from '../../demo/demo-env.ts';
import { createOutboxSmsSender } from '../../adapters/sms/outbox-sender.ts';
import { type TestApp, buildTestApp, nextPhone } from '../../test/build-test-app.ts';
import { store } from '../../domain/store.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: '1' });
});
afterAll(() => t.close());

const noauth = (phone_number: string, purpose: string) =>
  t.app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload: { phone_number, purpose } });

/** demoAdmin signs in an admin of a store marked as the demo store, as `npm start` creates it. */
async function demoAdmin() {
  const s = await t.newStore({ storeName: '演示门店' });
  await t.db.update(store).set({ isDemo: true }).where(eq(store.id, s.id));
  return { store: s, ...(await t.signedIn({ storeId: s.id, isAdmin: true })) };
}

describe('dev tools switch', () => {
  it('is off unless DEV_TOOLS is set explicitly, whatever NODE_ENV says', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { DEV_TOOLS: '0' }, { DEV_TOOLS: '' }]) {
      expect(loadConfig(env).devTools, JSON.stringify(env)).toBe(false);
    }
    expect(loadConfig({ DEV_TOOLS: '1' }).devTools).toBe(true);
  });

  it('is turned on by the demo start only when nothing says otherwise', () => {
    expect(demoEnv({}).DEV_TOOLS).toBe('1');
    expect(demoEnv({ DEV_TOOLS: '0' }).DEV_TOOLS).toBe('0');
    expect(demoEnv({ DEMO_STORE: '0' }).DEV_TOOLS).toBeUndefined();
    expect(demoEnv({ NODE_ENV: 'production' }).DEV_TOOLS).toBeUndefined();
  });

  it('logs only failed console requests in the demo unless LOG_REQUESTS says otherwise', () => {
    expect(loadConfig({}).logRequests).toBe('all');
    expect(loadConfig(demoEnv({})).logRequests).toBe('failed');
    expect(loadConfig(demoEnv({ LOG_REQUESTS: 'all' })).logRequests).toBe('all');
    expect(demoEnv({ NODE_ENV: 'production' }).LOG_REQUESTS).toBeUndefined();
  });

  it('listens on loopback unless HOST says otherwise, so the demo shows no dev-tools warning by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(isLoopbackHost(loadConfig(demoEnv({})).host)).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('knows which HOST values only this machine reaches (the start-up warning)', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('registers no dev routes by default', async () => {
    const prod = await buildTestApp();
    try {
      const { headers } = await prod.signedIn();
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/test', headers })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('dev routes with DEV_TOOLS=1', () => {
  it('answer only a signed-in admin of the demo store', async () => {
    const phone = nextPhone();
    await noauth(phone, 'register');
    const demo = await demoAdmin();
    const demoClerk = await t.signedIn({ storeId: demo.store.id, isAdmin: false, permission: 'Aa3' });
    const otherAdmin = await t.signedIn({ isAdmin: true });
    for (const url of ['/api/dev/sms-outbox', '/api/dev/test']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      for (const who of [demoClerk, otherAdmin]) {
        const refused = await t.app.inject({ method: 'GET', url, headers: who.headers });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe('开发者工具仅对演示门店的管理员开放');
        expect(refused.body).not.toContain(phone);
      }
      expect((await t.app.inject({ method: 'GET', url, headers: demo.headers })).statusCode, url).toBe(200);
    }
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: demo.headers });
    expect(outbox.json().list.find((m: { phone_number: string }) => m.phone_number === phone).content).toMatch(/\d{6}/);
  });

  it('page the outbox with page_num from 0 and refuse page_size 0 or 51 with Chinese messages', async () => {
    const { headers } = await demoAdmin();
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    for (const p of phones) await noauth(p, 'register');
    const first = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_num=0&page_size=2', headers });
    expect(first.json().list.map((m: { phone_number: string }) => m.phone_number)).toEqual([phones[2], phones[1]]);
    const second = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_num=1&page_size=2', headers });
    expect(second.json().list[0].phone_number).toBe(phones[0]);
    for (const query of ['page_size=0', 'page_size=51', 'page_num=-1', 'page_size=abc', 'page_num=1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/每页条数应在 1-50 之间|页码应为非负整数/);
    }
  });

  it('list a lease reminder with its rendered text and purpose, beside the codes', async () => {
    const { headers } = await demoAdmin();
    const phone = nextPhone();
    await noauth(phone, 'register');
    const content = '【租机宝】张三您好，您有一笔 1,299.00 元的租金将于 2026-12-31 到期（还有 3 天），请按时还款。';
    await createOutboxSmsSender(t.db).send({ phoneNumber: phone, purpose: 'lease-reminder', code: '', params: {}, content });
    const { list } = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_size=2', headers })).json();
    expect(list.map((m: { phone_number: string; purpose: string }) => [m.phone_number, m.purpose])).toEqual([
      [phone, 'lease-reminder'],
      [phone, 'register'],
    ]);
    expect(list[0].content).toBe(content);
    expect(list[1].content).toMatch(/验证码为 \d{6}，用于注册门店/);
  });

  it('report the adapters and database in use', async () => {
    const { headers } = await demoAdmin();
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/test', headers });
    expect(res.json()).toEqual({
      adapters: [
        { name: 'sms', label: '短信网关', impl: expect.stringContaining('发件箱'), live: false },
        { name: 'apns', label: 'APNs 推送', impl: expect.stringContaining('未配置'), live: false },
        { name: 'amap', label: '高德逆地理编码', impl: expect.stringContaining('未配置'), live: false },
        { name: 'itunes', label: 'App Store 应用搜索', impl: expect.stringContaining('未配置'), live: false },
        { name: 'dep', label: 'Apple 商务管理（DEP）', impl: expect.stringContaining('服务器令牌'), live: true },
        { name: 'activation-lock', label: expect.stringContaining('Apple 激活锁服务'), impl: expect.stringContaining('未配置'), live: false },
        { name: 'credit', label: '报告与风控数据', impl: expect.stringContaining('沙箱'), live: false },
        { name: 'apple-software-lookup', label: 'Apple 软件查询服务（iOS 版本列表）', impl: expect.stringContaining('离线'), live: false },
      ],
      database: t.database.kind,
    });
  });
});
