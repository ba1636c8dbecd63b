import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_POLICY, Perm } from '@lease/shared';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { enableOpenApi, signedInject } from '../open-api/open-api.test-kit.ts';
import { instantOf } from './lease-calendar.ts';
import { leaseLedger, leasePlan } from './lease.table.ts';

let t: TestApp;
const clock = instantOf('2026-12-02', 10, 'Asia/Shanghai');
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => clock });
});
afterAll(() => t.close());

async function storeWithPlan() {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const phone = await t.newIosDevice({
    storeId: s.id,
    enrolled: true,
    hirerName: '王五',
    hirerPhoneNumber: '13700001111',
    serialNumber: `LR${Date.now() % 1e8}${Math.floor(Math.random() * 100)}`,
  });
  const plan = (
    await t.app.inject({
      method: 'POST',
      url: '/api/lease/plans',
      headers: admin.headers,
      payload: { device_id: phone.id, platform: 'ios', start_date: '2026-12-02', periods: 6, period: 'monthly', day_of_month: 20, amount_fen: 800_00 },
    })
  ).json();
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin.headers) => t.app.inject({ method, url, headers, payload });
  return { store: s, admin, phone, plan, call };
}

describe('bad input', () => {
  it('answers a clear Chinese 400 and changes nothing', async () => {
    const { plan, call, phone } = await storeWithPlan();
    const cases: [string, object][] = [
      [`/api/lease/plans/${plan.id}/payments`, { amount_fen: 12.5, method: 'cash' }],
      [`/api/lease/plans/${plan.id}/payments`, { amount_fen: -100, method: 'cash' }],
      [`/api/lease/plans/${plan.id}/payments`, { amount_fen: 100, method: 'bitcoin' }],
      [`/api/lease/plans/${plan.id}/payments`, { amount_fen: 100, method: 'cash', reference: 'a\u0000b' }],
      [`/api/lease/plans/${plan.id}/corrections`, { amount_fen: 0, reason: '录错' }],
      [`/api/lease/plans/${plan.id}/corrections`, { amount_fen: -100, reason: '' }],
      [`/api/lease/plans/${plan.id}/promise`, { until: '2026-02-30' }],
      ['/api/lease/plans', { device_id: phone.id, platform: 'ios', start_date: '2026-13-01', periods: 3, period: 'monthly', amount_fen: 100 }],
      [
        '/api/lease/plans',
        { device_id: phone.id, platform: 'ios', start_date: '2026-12-01', periods: 2, period: 'dates', due_dates: ['2026-12-20'], amount_fen: 100 },
      ],
      [
        '/api/lease/plans',
        {
          device_id: phone.id,
          platform: 'ios',
          start_date: '2026-12-01',
          periods: 2,
          period: 'dates',
          due_dates: ['2026-12-20', '2026-12-10'],
          amount_fen: 100,
        },
      ],
      ['/api/lease/plans', { device_id: phone.id, platform: 'ios', start_date: '2026-12-01', periods: 0, period: 'monthly', amount_fen: 100 }],
      ['/api/lease/plans', { device_id: 'x', platform: 'ios', start_date: '2026-12-01', periods: 3, period: 'monthly', amount_fen: 100 }],
    ];
    for (const [url, payload] of cases) {
      const res = await call('POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const bad = await call('PUT', '/api/lease/policy', { ...DEFAULT_LEASE_POLICY, time_zone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('时区');
    expect(await t.db.select().from(leaseLedger).where(eq(leaseLedger.planId, plan.id))).toEqual([]);
  });

  it('refuses a correction that would make the paid amount negative, and a promise for a plan not in arrears', async () => {
    const { plan, call } = await storeWithPlan();
    const res = await call('POST', `/api/lease/plans/${plan.id}/corrections`, { amount_fen: -100, reason: '退款' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('不能为负数');
    const promise = await call('POST', `/api/lease/plans/${plan.id}/promise`, { until: '2026-12-05' });
    expect(promise.statusCode).toBe(409);
  });
});

describe('permissions', () => {
  it('needs 查看分期计划 to read, 登记还款 to pay and 催收 to remind, lock and promise', async () => {
    const { store, plan } = await storeWithPlan();
    const viewer = await t.signedIn({ storeId: store.id, permission: [Perm.LEASE_PLAN_VIEW, Perm.APPLE_LIST_VIEW_ALL].join(',') });
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: viewer.headers, payload });
    expect((await inject('GET', `/api/lease/plans/${plan.id}`)).statusCode).toBe(200);
    expect((await inject('POST', `/api/lease/plans/${plan.id}/payments`, { amount_fen: 100, method: 'cash' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/lease/plans/${plan.id}/remind`)).statusCode).toBe(403);
    expect((await inject('GET', '/api/lease/plans?collections=1')).statusCode).toBe(200);
    expect(
      (
        await inject('POST', '/api/lease/plans', {
          device_id: plan.device_id,
          platform: 'ios',
          start_date: '2026-12-01',
          periods: 3,
          period: 'monthly',
          amount_fen: 100,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/lease/policy', headers: viewer.headers, payload: {} })).statusCode).toBe(403);
    const nobody = await t.signedIn({ storeId: store.id, permission: '' });
    expect((await t.app.inject({ method: 'GET', url: `/api/lease/plans/${plan.id}`, headers: nobody.headers })).statusCode).toBe(403);
  });

  it('shows a clerk without 查看全部设备 only the plans of their own phones', async () => {
    const { store, plan } = await storeWithPlan();
    const clerk = await t.signedIn({ storeId: store.id, permission: Perm.LEASE_PLAN_VIEW });
    expect((await t.app.inject({ method: 'GET', url: `/api/lease/plans/${plan.id}`, headers: clerk.headers })).statusCode).toBe(404);
    await t.db.update(iosDevice).set({ clerkId: clerk.clerk.id }).where(eq(iosDevice.id, plan.device_id));
    expect((await t.app.inject({ method: 'GET', url: `/api/lease/plans/${plan.id}`, headers: clerk.headers })).statusCode).toBe(200);
  });
});

describe('payments CSV', () => {
  it('checks every row, applies nothing when one is wrong, and a file once', async () => {
    const { plan, call, phone } = await storeWithPlan();
    const good = `序列号,金额,支付方式,流水号,还款时间\n${phone.serialNumber},800,微信,WX-1,2026-12-01 10:30\n`;
    const withBad = `${good}${phone.serialNumber},12.345,现金,C-1,\nNOSUCH,10,现金,C-2,\n`;
    const checked = (await call('POST', '/api/lease/payments/import', { csv: withBad })).json();
    expect(checked.applied).toBe(false);
    expect(checked.rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);
    expect(checked.rows[1].message).toContain('两位小数');
    expect(await t.db.select().from(leaseLedger).where(eq(leaseLedger.planId, plan.id))).toEqual([]);
    const dry = (await call('POST', '/api/lease/payments/import', { csv: good, dry_run: true })).json();
    expect(dry).toMatchObject({ applied: false, rows: [{ ok: true }] });
    const applied = (await call('POST', '/api/lease/payments/import', { csv: good })).json();
    expect(applied).toMatchObject({ applied: true, rows: [{ ok: true, amount_fen: 800_00, plan_id: plan.id }] });
    const again = (await call('POST', '/api/lease/payments/import', { csv: good })).json();
    expect(again.applied).toBe(false);
    expect(again.rows[0].message).toContain('已登记过');
    const ledger = await t.db.select().from(leaseLedger).where(eq(leaseLedger.planId, plan.id));
    expect(ledger.map((l) => [l.amountFen, l.source, l.method, l.paidAt.toISOString()])).toEqual([[800_00, 'csv', 'wechat', '2026-12-01T02:30:00.000Z']]);
  });

  it("finds by serial only the plans the clerk may see: another clerk's phone is not found", async () => {
    const { store, phone, plan } = await storeWithPlan();
    const clerk = await t.signedIn({ storeId: store.id, permission: Perm.LEASE_PAYMENT_RECORD });
    const csv = `序列号,金额\n${phone.serialNumber},100\n`;
    const res = (await t.app.inject({ method: 'POST', url: '/api/lease/payments/import', headers: clerk.headers, payload: { csv } })).json();
    expect(res).toMatchObject({ applied: false, rows: [{ ok: false, plan_id: null }] });
    expect(await t.db.select().from(leaseLedger).where(eq(leaseLedger.planId, plan.id))).toEqual([]);
  });

  it('refuses a file without the needed columns with a Chinese message', async () => {
    const { call } = await storeWithPlan();
    const res = await call('POST', '/api/lease/payments/import', { csv: 'a,b\n1,2\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('金额');
  });
});

describe('open API payment', () => {
  it('records an ERP payment once per Idempotency-Key, logged as the open API', async () => {
    const { admin, plan } = await storeWithPlan();
    const creds = await enableOpenApi(t, admin.headers);
    const pay = (key: string, amount = 500_00) =>
      signedInject(t, creds, {
        method: 'POST',
        url: `/open/v1/lease/plans/${plan.id}/payments`,
        body: { amount_fen: amount, method: 'bank', reference: 'ERP-9' },
        headers: { 'idempotency-key': key },
      });
    const first = await pay('erp-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ paid_fen: 500_00 });
    expect((await pay('erp-1')).json().paid_fen).toBe(500_00);
    expect((await pay('erp-1', 600_00)).statusCode).toBe(409);
    const ledger = await t.db.select().from(leaseLedger).where(eq(leaseLedger.planId, plan.id));
    expect(ledger.map((l) => [l.source, l.clerkId])).toEqual([['open-api', null]]);
    const [op] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'lease-payment')).orderBy(operationLog.dateCreated);
    expect(op).toBeDefined();
    const other = await storeWithPlan();
    const foreign = await signedInject(t, creds, {
      method: 'POST',
      url: `/open/v1/lease/plans/${other.plan.id}/payments`,
      body: { amount_fen: 100, method: 'cash' },
    });
    expect(foreign.statusCode).toBe(404);
    const byDevice = await signedInject(t, creds, { method: 'GET', url: `/open/v1/devices/ios/${plan.device_id}/lease` });
    expect(byDevice.json().plan.id).toBe(plan.id);
  });
});

describe('summary', () => {
  it("adds up the store's arrears and this month's collections by week", async () => {
    const { call, plan } = await storeWithPlan();
    await call('POST', `/api/lease/plans/${plan.id}/payments`, { amount_fen: 300_00, method: 'cash' });
    const s = (await call('GET', '/api/lease/summary')).json();
    expect(s.collected_this_month_fen).toBe(300_00);
    expect(s.weekly).toHaveLength(12);
    expect(s.weekly.at(-1)).toEqual({ week_start: '2026-11-30', amount_fen: 300_00 });
    const [row] = await t.db.select().from(leasePlan).where(eq(leasePlan.id, plan.id));
    expect(row.paidFen).toBe(300_00);
  });
});
