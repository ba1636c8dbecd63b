import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_POLICY, LockStatus } from '@lease/shared';
import { smsOutbox } from '../../adapters/sms/outbox.table.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { androidCommand } from '../../mdm/android/android-agent.table.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { instantOf } from './lease-calendar.ts';
import { leaseAction, leaseLedger, leasePlan } from './lease.table.ts';

/**
 * A 12-period plan driven by a moved clock, through the API and the watch as the server runs them: reminders on
 * the store's days, the lock at due + grace, a partial payment that does not unlock, the paying one that does in
 * its own round trip, a promise that runs out, a clock jump back, and pay-off. Runs on PGlite and PostgreSQL.
 */
let t: TestApp;
let clock = new Date();
const at = (day: string, hour = 10, minute = 0) => {
  clock = new Date(instantOf(day, hour, 'Asia/Shanghai').getTime() + minute * 60_000);
};
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => clock });
});
afterAll(() => t.close());

const watch = () => t.lease.watch.run();

async function leasingStore() {
  const s = await t.newStore();
  await t.db.insert(storeApiSetting).values({ storeId: s.id, enabled: true, callbackUrl: 'https://erp.example.com/hook' });
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const hirerPhone = `1390000${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
  const iphone = await t.newIosDevice({ storeId: s.id, enrolled: true, hirerName: '张三', hirerPhoneNumber: hirerPhone });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: admin.headers, payload });
  await put('/api/lease/policy', { ...DEFAULT_LEASE_POLICY, contact_phone: '4008001234' });
  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...headers }, payload });
  return { store: s, admin, iphone, hirerPhone, post };
}

const texts = async (phone: string) =>
  (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, phone)).orderBy(smsOutbox.id)).map((r) => r.content);
const lostMode = async (deviceId: string) =>
  (await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId)).orderBy(asc(mdmCommand.createdAt)))
    .map((c) => c.requestType)
    .filter((r) => r.endsWith('LostMode'));
const events = async (deviceId: string, type: string) =>
  (
    await t.db
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.deviceId, deviceId), eq(webhookEvent.type, type)))
  ).length;
const lockStatus = async (id: string) => (await t.db.select({ s: iosDevice.lockStatus }).from(iosDevice).where(eq(iosDevice.id, id)))[0].s;

describe('a 12-period plan through a year of its days', () => {
  it('reminds, locks, unlocks on payment, honours and ends a promise, and offers the release at pay-off', async () => {
    const { iphone, hirerPhone, post, admin } = await leasingStore();
    at('2026-12-02');
    const created = await post('/api/lease/plans', {
      device_id: iphone.id,
      platform: 'ios',
      start_date: '2026-12-02',
      periods: 12,
      period: 'monthly',
      day_of_month: 10,
      amount_fen: 1000_00,
      deposit_fen: 500_00,
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json();
    expect(plan).toMatchObject({ status: 'current', total_fen: 12_000_00, next_due_date: '2026-12-10', paid_through: '2026-12-09' });
    expect(plan.due_dates.slice(0, 3)).toEqual(['2026-12-10', '2027-01-10', '2027-02-10']);
    const url = `/api/lease/plans/${plan.id}`;

    // 3 days before, from 09:00 Shanghai time (01:00 UTC), once.
    at('2026-12-07', 8, 59);
    await watch();
    expect(await texts(hirerPhone)).toEqual([]);
    at('2026-12-07', 9);
    await watch();
    await watch();
    expect(await texts(hirerPhone)).toHaveLength(1);
    expect((await texts(hirerPhone))[0]).toContain('¥1,000.00 将于3 天后（2026-12-10）到期');
    at('2026-12-10', 9, 30);
    await watch();
    expect(await texts(hirerPhone)).toHaveLength(2);
    expect((await texts(hirerPhone))[1]).toContain('将于今天到期');
    expect(await events(iphone.id, 'lease.reminder_sent')).toBe(2);

    // Overdue the next day; no lock during the grace days.
    at('2026-12-11', 0, 5);
    await watch();
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).json()).toMatchObject({ status: 'overdue', days_overdue: 1 });
    expect(await events(iphone.id, 'lease.overdue')).toBe(1);
    at('2026-12-14', 8, 59);
    await watch();
    expect(await lostMode(iphone.id)).toEqual([]);

    // Due + grace: locked at the action hour, through the store's lock (intent kept across an erase).
    at('2026-12-14', 9);
    await watch();
    await watch();
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode']);
    expect(await lockStatus(iphone.id)).toBe(LockStatus.LOCKING);
    const [device] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, iphone.id));
    expect(device.lockIntent?.message).toContain('欠款 ¥1,000.00');
    expect(device.lockIntent?.phone_number).toBe('4008001234');
    expect(await events(iphone.id, 'lease.locked_for_arrears')).toBe(1);
    const [lockOp] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.deviceId, iphone.id), eq(operationLog.action, 'lock')));
    expect(lockOp).toMatchObject({ clerkId: null, detail: expect.objectContaining({ via: 'lease-plan', plan_id: plan.id }) });
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).json().status).toBe('locked');
    const log = (await t.app.inject({ method: 'GET', url: `/api/device/ios/operation-log?device_id=${iphone.id}`, headers: admin.headers })).json();
    expect(log.list.find((r: { action: string }) => r.action === 'lock')).toMatchObject({ clerk_name: '系统（分期计划）' });
    expect(log.list.find((r: { action: string }) => r.action === 'lease-reminder')).toMatchObject({ clerk_name: '系统（分期计划）' });

    // A partial payment: still locked. The paying one: unlocked within its own round trip.
    at('2026-12-15');
    const partial = await post(`${url}/payments`, { amount_fen: 400_00, method: 'wechat', reference: 'WX1' }, { 'idempotency-key': 'pay-1' });
    expect(partial.json()).toMatchObject({ status: 'locked', amount_overdue_fen: 600_00, paid_fen: 400_00 });
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode']);
    const replay = await post(`${url}/payments`, { amount_fen: 400_00, method: 'wechat', reference: 'WX1' }, { 'idempotency-key': 'pay-1' });
    expect(replay.json().paid_fen).toBe(400_00);
    const reused = await post(`${url}/payments`, { amount_fen: 600_00, method: 'wechat', reference: 'WX2' }, { 'idempotency-key': 'pay-1' });
    expect(reused.statusCode).toBe(409);
    const paying = await post(`${url}/payments`, { amount_fen: 600_00, method: 'alipay', reference: 'ZFB1' }, { 'idempotency-key': 'pay-2' });
    expect(paying.json()).toMatchObject({ status: 'current', amount_overdue_fen: 0, paid_periods: 1, next_due_date: '2027-01-10' });
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode', 'DisableLostMode']);
    expect(await events(iphone.id, 'lease.unlocked_after_payment')).toBe(1);

    // A clock jump back to the lock's hour changes nothing: the period is paid and its lock was taken once.
    at('2026-12-14', 9, 30);
    await watch();
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode', 'DisableLostMode']);

    // The next period: skip to after its grace (the reminders' days are past, none is sent late); locked again.
    at('2027-01-14', 9, 5);
    await watch();
    expect(await texts(hirerPhone)).toHaveLength(2);
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode', 'DisableLostMode', 'EnableLostMode']);

    // Promise to pay by the 16th: unlocked now; unpaid on the 17th at 09:00, locked again.
    const promised = await post(`${url}/promise`, { until: '2027-01-16', note: '周五发工资' });
    expect(promised.json()).toMatchObject({ promise_until: '2027-01-16', status: 'overdue' });
    expect((await lostMode(iphone.id)).at(-1)).toBe('DisableLostMode');
    at('2027-01-16', 23, 59);
    await watch();
    expect(await lostMode(iphone.id)).toHaveLength(4);
    at('2027-01-17', 9);
    await watch();
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode', 'DisableLostMode', 'EnableLostMode', 'DisableLostMode', 'EnableLostMode']);
    const relock = await t.db
      .select()
      .from(leaseAction)
      .where(and(eq(leaseAction.planId, plan.id), eq(leaseAction.step, 'promise-relock')));
    expect(relock).toHaveLength(1);

    // Paid off: unlocked, the release offered to a clerk (not done), and never anything twice.
    at('2027-01-18');
    const off = await post(`${url}/payments`, { amount_fen: 11_000_00, method: 'bank', reference: 'BANK1' });
    expect(off.json()).toMatchObject({ status: 'paid_off', release_offered: true, amount_overdue_fen: 0 });
    expect((await lostMode(iphone.id)).at(-1)).toBe('DisableLostMode');
    expect(await events(iphone.id, 'lease.paid_off')).toBe(1);
    at('2027-12-31');
    await watch();
    const steps = await t.db.select({ step: leaseAction.step, status: leaseAction.status }).from(leaseAction).where(eq(leaseAction.planId, plan.id));
    expect(steps.filter((s) => s.step === 'lock')).toHaveLength(2);
    expect(steps.filter((s) => s.step === 'unlock')).toHaveLength(3);
    expect(steps.filter((s) => s.status === 'failed')).toEqual([]);
  });
});

describe('Android plans', () => {
  it('give the agent its offline terms (lock_at in store time) and take them back on payment', async () => {
    const { store, post } = await leasingStore();
    const phone = await t.newAndroidDevice({ storeId: store.id, agent: true, hirerName: '李四', hirerPhoneNumber: '13900001111' });
    at('2026-12-02');
    const plan = (
      await post('/api/lease/plans', { device_id: phone.id, platform: 'android', start_date: '2026-12-02', periods: 3, period: 'weekly', amount_fen: 300_00 })
    ).json();
    const terms = async () => (await t.db.select().from(androidDevice).where(eq(androidDevice.id, phone.id)))[0];
    expect((await terms()).leaseOffline).toMatchObject({ paid_through: '2026-12-08', grace_days: 3, lock_at: '2026-12-13T01:00:00.000Z', notice: null });
    at('2026-12-07', 9, 10);
    await watch();
    expect((await terms()).leaseOffline?.notice?.title).toBe('分期租金即将到期');
    at('2026-12-13', 9, 1);
    await watch();
    const commands = await t.db.select().from(androidCommand).where(eq(androidCommand.deviceId, phone.id));
    expect(commands.map((c) => c.type)).toEqual(['lock']);
    const version = (await terms()).policyVersion;
    await post(`/api/lease/plans/${plan.id}/payments`, { amount_fen: 300_00, method: 'cash' });
    const after = await terms();
    // The next instalment (the 16th) is three days away: its reminder replaces the overdue one.
    expect(after.leaseOffline).toMatchObject({ paid_through: '2026-12-15', lock_at: '2026-12-20T01:00:00.000Z' });
    expect(after.leaseOffline?.notice?.text).toContain('第 2 期 ¥300.00 应于 2026-12-16 还款');
    expect(after.policyVersion).toBeGreaterThan(version);
    expect((await t.db.select().from(androidCommand).where(eq(androidCommand.deviceId, phone.id))).map((c) => c.type)).toEqual(['lock', 'unlock']);
  });
});

describe('automatic release at pay-off (the store opted in)', () => {
  it("lets the phone go by the system's own 解除监管, no clerk's password; a clerk's request still needs one", async () => {
    const { store, post, admin } = await leasingStore();
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/lease/policy', headers: admin.headers, payload });
    const policy = (await t.app.inject({ method: 'GET', url: '/api/lease/policy', headers: admin.headers })).json();
    expect((await put({ ...policy, release_on_payoff: 'auto' })).statusCode).toBe(200);
    const phone = await t.newAndroidDevice({ storeId: store.id, agent: true, regulateStatus: 2 });
    at('2026-12-02');
    const plan = (
      await post('/api/lease/plans', { device_id: phone.id, platform: 'android', start_date: '2026-12-02', periods: 2, period: 'weekly', amount_fen: 100_00 })
    ).json();
    const off = (await post(`/api/lease/plans/${plan.id}/payments`, { amount_fen: 200_00, method: 'cash' })).json();
    expect(off.status).toBe('paid_off');
    expect(off.release_offered).toBe(false);
    const commands = await t.db.select().from(androidCommand).where(eq(androidCommand.deviceId, phone.id));
    expect(commands.map((c) => c.type)).toEqual(['deregulate']);
    const [release] = await t.db
      .select()
      .from(leaseAction)
      .where(and(eq(leaseAction.planId, plan.id), eq(leaseAction.step, 'release')));
    expect(release.status).toBe('done');
    const [op] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.deviceId, phone.id), eq(operationLog.action, 'deregulate')));
    expect(op).toMatchObject({ clerkId: null, detail: expect.objectContaining({ via: 'lease-plan' }) });
    // A clerk's own 解除监管 on another phone still asks for the password.
    const other = await t.newAndroidDevice({ storeId: store.id, agent: true, regulateStatus: 2 });
    const res = await post(`/api/device/android/${other.id}/operation/deregulate`, {});
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const wrong = await post(`/api/device/android/${other.id}/operation/deregulate`, { password: 'Wrong#2026x' });
    expect(wrong.json().code).toBe('SECPWD_MISMATCH');
    expect(await t.db.select().from(androidCommand).where(eq(androidCommand.deviceId, other.id))).toEqual([]);
  });
});

describe('creating a plan for a hirer long past due', () => {
  it('previews the lock, then locks within the round trip of the create', async () => {
    const { iphone, post } = await leasingStore();
    at('2026-12-02');
    const body = { device_id: iphone.id, platform: 'ios', start_date: '2026-08-01', periods: 6, period: 'monthly', day_of_month: 1, amount_fen: 500_00 };
    const preview = (await post('/api/lease/plans/preview', body)).json();
    // Due on the 1st of each month after the start: 1 September (92 days ago) to 1 December, four periods.
    expect(preview).toMatchObject({ will_lock: true, status: 'locked', days_overdue: 92, amount_overdue_fen: 2000_00 });
    expect(await lostMode(iphone.id)).toEqual([]);
    const created = (await post('/api/lease/plans', body)).json();
    expect(created.status).toBe('locked');
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode']);
    const again = await post('/api/lease/plans', body);
    expect(again.statusCode).toBe(409);
  });
});

describe('store scope', () => {
  it("answers 404 for another store's plan and refuses another store's phone", async () => {
    const a = await leasingStore();
    const b = await leasingStore();
    at('2026-12-02');
    const plan = (
      await a.post('/api/lease/plans', { device_id: a.iphone.id, platform: 'ios', start_date: '2026-12-02', periods: 3, period: 'monthly', amount_fen: 100_00 })
    ).json();
    const url = `/api/lease/plans/${plan.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: b.admin.headers })).statusCode).toBe(404);
    expect((await b.post(`${url}/payments`, { amount_fen: 100_00, method: 'cash' })).statusCode).toBe(404);
    expect((await b.post(`${url}/promise`, { until: '2026-12-20' })).statusCode).toBe(404);
    expect(
      (await b.post('/api/lease/plans', { device_id: a.iphone.id, platform: 'ios', start_date: '2026-12-02', periods: 3, period: 'monthly', amount_fen: 1 }))
        .statusCode,
    ).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/lease/plans', headers: b.admin.headers })).json();
    expect(list.list.map((p: { id: string }) => p.id)).not.toContain(plan.id);
    const paid = await t.db
      .select()
      .from(operationLog)
      .where(inArray(operationLog.action, ['lease-payment']));
    expect(paid.filter((r) => r.storeId === b.store.id)).toEqual([]);
  });
});

describe('a crash between claiming a step and taking it', () => {
  /** What the claim committed before the process died: the step 'sending', the plan's lock flag moved. */
  async function crashAfterClaim(planId: string, step: 'lock' | 'unlock') {
    const [action] = await t.db
      .select()
      .from(leaseAction)
      .where(and(eq(leaseAction.planId, planId), eq(leaseAction.step, step), eq(leaseAction.status, 'pending')));
    expect(action).toBeDefined();
    await t.db.update(leaseAction).set({ status: 'sending', attempts: 1, dateUpdated: clock }).where(eq(leaseAction.id, action.id));
    await t.db
      .update(leasePlan)
      .set({ lockedForArrearsAt: step === 'lock' ? clock : null })
      .where(eq(leasePlan.id, planId));
    return action.id;
  }
  const statusOf = async (id: string) => (await t.db.select().from(leaseAction).where(eq(leaseAction.id, id)))[0].status;

  it('takes the lock and the unlock on the retry instead of judging them already taken', async () => {
    const { iphone, post } = await leasingStore();
    at('2026-12-02');
    const plan = (
      await post('/api/lease/plans', {
        device_id: iphone.id,
        platform: 'ios',
        start_date: '2026-12-02',
        periods: 3,
        period: 'monthly',
        day_of_month: 10,
        amount_fen: 100_00,
      })
    ).json();
    at('2026-12-14', 9, 5);
    await t.lease.watch.evaluateDue(100);
    const lock = await crashAfterClaim(plan.id, 'lock');
    at('2026-12-14', 9, 10);
    await watch();
    expect(await statusOf(lock)).toBe('done');
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode']);

    // A payment recorded (the unlock step with it) by a process that died before taking it.
    const [row] = await t.db.select().from(leasePlan).where(eq(leasePlan.id, plan.id));
    await t.db.insert(leaseLedger).values({ storeId: row.storeId, planId: plan.id, source: 'console', amountFen: 100_00, method: 'cash', paidAt: clock });
    await t.db.update(leasePlan).set({ nextCheckAt: clock }).where(eq(leasePlan.id, plan.id));
    await t.lease.watch.evaluateDue(100);
    const unlock = await crashAfterClaim(plan.id, 'unlock');
    at('2026-12-14', 9, 15);
    await watch();
    expect(await statusOf(unlock)).toBe('done');
    expect(await lostMode(iphone.id)).toEqual(['EnableLostMode', 'DisableLostMode']);
  });
});
