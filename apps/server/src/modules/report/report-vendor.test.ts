import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditStandIn, signCallback, startCreditStandIn } from '@lease/device-sim';
import { Perm } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { topUpStore } from './top-up.ts';

/** The app configured for a real vendor (docs/report-provider.md), here the local stand-in, and listening for its callbacks. */
let t: TestApp;
let vendor: CreditStandIn;
const accounts: Record<string, string> = { zujibao: 'op-secret' };
const port = 41_000 + randomInt(8_000);
beforeAll(async () => {
  vendor = await startCreditStandIn({ accounts, callbackSecret: 'cb-secret' });
  t = await buildTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REPORT_PROVIDER_ORIGIN: vendor.origin,
    REPORT_PROVIDER_ACCOUNT: 'zujibao',
    REPORT_PROVIDER_SECRET: 'op-secret',
    REPORT_PROVIDER_CALLBACK_SECRET: 'cb-secret',
    REPORT_PROVIDER_TIMEOUT_MS: '2000',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});

async function shop() {
  const s = await t.newStore();
  await topUpStore(t.db, s.id, { balanceFen: 10_000, rcsCount: 2 });
  const clerk = await t.signedIn({ storeId: s.id, permission: Perm.REPORT_LIST });
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { store: s, clerk: clerk.headers, admin: admin.headers };
}
const post = (url: string, headers: { authorization: string } | undefined, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('reports through a configured vendor (the stand-in)', () => {
  it('adds a real (not sandbox) report and says which provider answers', async () => {
    const s = await shop();
    const res = await post('/api/report/add', s.clerk, {
      name: '张三',
      id_card: '11010519491231002X',
      phone_number: '13812345678',
      level: 'basic',
      authorised: true,
    });
    expect(res.json()).toMatchObject({ status: 'success', sandbox: false });
    expect(vendor.calls.at(-1)).toMatchObject({ path: '/v1/report', account: 'zujibao', status: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/store/hx-report/config-status', headers: s.admin })).json().provider).toBe('http');
  });

  it("signs with the store's own secret once the admin set one", async () => {
    const s = await shop();
    await post('/api/store/hx-report/set-secret-key', s.admin, { secret_key: 'store-own-secret' });
    // The vendor does not know this account yet: its refusal is refunded and shown.
    const refused = await post('/api/report/add', s.clerk, {
      name: '张三',
      id_card: '11010519491231002X',
      phone_number: '13812345678',
      level: 'basic',
      authorised: true,
    });
    expect(refused.json()).toMatchObject({ status: 'failed', failure_reason: '报告服务商拒绝了请求（HTTP 401）' });
    expect(vendor.calls.at(-1)?.account).toBe(`store:${s.store.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/report/balance', headers: s.clerk })).json().balance_fen).toBe(10_000);
    // Once the vendor has the store's account, a refresh goes through on it and is charged.
    accounts[`store:${s.store.id}`] = 'store-own-secret';
    const ok = await post('/api/report/refresh', s.clerk, { id: refused.json().id, idempotency_key: 'vendor-refresh-1' });
    expect(ok.json()).toMatchObject({ status: 'success', failure_reason: null });
    expect(vendor.calls.at(-1)).toMatchObject({ account: `store:${s.store.id}`, status: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/report/balance', headers: s.clerk })).json().balance_fen).toBe(8_500);
  });

  it('RCS: the vendor calls back signed and both report links show; unsigned or forged callbacks are refused', async () => {
    const s = await shop();
    const rec = (await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: '11010519491231002X' })).json();
    expect(rec.auth_url).toContain(vendor.origin);
    const orderId = new URL(rec.auth_url).pathname.split('/').at(-1)!;

    const body = JSON.stringify({ order_id: orderId, channel: 'wechat', url: 'https://evil.example/x' });
    const ts = String(Math.floor(Date.now() / 1000));
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/system/rcs',
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signCallback('wrong', ts, body) },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    const stale = String(Math.floor(Date.now() / 1000) - 3_600);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/system/rcs',
          headers: { 'content-type': 'application/json', 'x-timestamp': stale, 'x-signature': signCallback('cb-secret', stale, body) },
          payload: body,
        })
      ).statusCode,
    ).toBe(403);

    // The hirer opens the vendor's link on their phone and agrees; the vendor then calls back for both channels.
    expect(await (await fetch(rec.auth_url)).text()).toContain('同意授权');
    expect((await fetch(rec.auth_url, { method: 'POST' })).status).toBe(200);
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/store/rcs/list', headers: s.clerk })).json().list;
    expect(listed.last_wechat_report.url).toBe(`${vendor.origin}/reports/${orderId}/wechat`);
    expect(listed.last_alipay_report.url).toBe(`${vendor.origin}/reports/${orderId}/alipay`);
    expect(listed.report_url).toBe(`${vendor.origin}/reports/${orderId}`);
  });

  it('a vendor that cannot take the RCS order gives the query back', async () => {
    const s = await shop();
    vendor.faults.unavailable = 3;
    const res = await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: '11010519491231002X' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('查询次数已退回');
    expect((await t.app.inject({ method: 'GET', url: '/api/report/balance', headers: s.clerk })).json().used_rcs_count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/store/rcs/list', headers: s.clerk })).json().total).toBe(0);
  });
});
