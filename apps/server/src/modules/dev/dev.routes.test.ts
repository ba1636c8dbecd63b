import { eq } from 'drizzle-orm';
import type { SmsPurpose } from '@lease/shared';
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
    const demo = await demoAdmin();
    const phone = demo.clerk.phoneNumber;
    await noauth(phone, 'reset-password');
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
    const { headers, store: demo } = await demoAdmin();
    const phones: string[] = [];
    for (let i = 0; i < 3; i++) phones.push((await t.newClerk({ storeId: demo.id })).phoneNumber);
    for (const p of phones) await createOutboxSmsSender(t.db).send({ phoneNumber: p, purpose: 'reset-password', code: '123456', content: '验证码 123456' });
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
    const { headers, store: demo, clerk: admin } = await demoAdmin();
    const hirer = nextPhone();
    await t.newIosDevice({ storeId: demo.id, hirerPhoneNumber: hirer, hirerName: '张三' });
    await createOutboxSmsSender(t.db).send({ phoneNumber: admin.phoneNumber, purpose: 'update-password', code: '123456', content: '验证码为 123456' });
    const content = '【租机宝】张三您好，您有一笔 1,299.00 元的租金将于 2026-12-31 到期（还有 3 天），请按时还款。';
    await createOutboxSmsSender(t.db).send({ phoneNumber: hirer, purpose: 'lease-reminder', code: '', params: {}, content });
    const { list } = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_size=2', headers })).json();
    expect(list.map((m: { phone_number: string; purpose: string }) => [m.phone_number, m.purpose])).toEqual([
      [hirer, 'lease-reminder'],
      [admin.phoneNumber, 'update-password'],
    ]);
    expect(list[0].content).toBe(content);
    expect(list[1].content).toMatch(/验证码为 \d{6}/);
  });

  it("show the demo store only its own texts: never a second store's codes or reminders, nor codes to a phone it is not", async () => {
    const { headers, store: demo, clerk: admin } = await demoAdmin();
    const demoClerk = await t.newClerk({ storeId: demo.id });
    const demoHirer = nextPhone();
    await t.newAndroidDevice({ storeId: demo.id, hirerPhoneNumber: demoHirer, hirerName: '张三' });
    const other = await t.newStore({ storeName: '别家门店' });
    const otherAdmin = await t.newClerk({ storeId: other.id, isAdmin: true });
    const otherHirer = nextPhone();
    await t.newIosDevice({ storeId: other.id, hirerPhoneNumber: otherHirer, hirerName: '李四' });
    const outbox = createOutboxSmsSender(t.db);
    const text = (phoneNumber: string, purpose: SmsPurpose, content: string) => outbox.send({ phoneNumber, purpose, code: '', params: {}, content });

    await text(admin.phoneNumber, 'reset-password', '演示管理员的验证码 111111');
    await text(demoClerk.phoneNumber, 'update-password', '演示店员的验证码 222222');
    await text(demoHirer, 'lease-reminder', '演示租机人的还款提醒');
    await text(otherAdmin.phoneNumber, 'reset-password', '别家管理员的验证码 333333');
    await text(otherHirer, 'lease-reminder', '别家租机人的还款提醒');
    // A code that opens a new account is shown while its phone is nobody's clerk (the demo's 注册门店 and 新增店员)…
    await text(nextPhone(), 'register', '陌生手机号的注册验证码 444444');
    await text(demoHirer, 'clerk-new', '发到租机人手机号的新增店员验证码 555555');
    // …never when the phone already belongs to a store: it would be that store's clerk's code.
    await text(otherAdmin.phoneNumber, 'register', '别家管理员手机号的注册验证码 666666');
    await text(otherAdmin.phoneNumber, 'clerk-new', '别家管理员手机号的新增店员验证码 777777');
    // A hirer's phone is whatever the store typed: a sign-in code to it is not the store's to read.
    await text(demoHirer, 'reset-password', '发到租机人手机号的重置验证码 888888');

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?page_size=50', headers });
    const seen = res.json().list.map((m: { content: string }) => m.content);
    expect(seen).toEqual([
      '发到租机人手机号的新增店员验证码 555555',
      '陌生手机号的注册验证码 444444',
      '演示租机人的还款提醒',
      '演示店员的验证码 222222',
      '演示管理员的验证码 111111',
    ]);
    expect(res.json().total).toBe(5);
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
