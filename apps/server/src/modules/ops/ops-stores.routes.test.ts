import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_MODULES, LockStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { fireScheduledLocks } from '../ios-device/scheduled-lock.job.ts';
import { reportLedger } from '../report/report.table.ts';
import { store } from '../../domain/store.table.ts';
import { enableOpenApi, signedInject } from '../open-api/open-api.test-kit.ts';
import { opsAudit } from './ops.table.ts';
import { signInOperator } from './ops.test-kit.ts';

let h: MdmHarness;
let t: TestApp;
let op: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  h = await startMdmHarness();
  t = h.t;
  op = await signInOperator(t, { name: '运营小王' });
});
afterAll(() => h.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { ...op.headers, ...headers }, remoteAddress: '10.7.7.7' });
const auditOf = async (targetId: string) => t.db.select().from(opsAudit).where(eq(opsAudit.targetId, targetId)).orderBy(opsAudit.id);

describe('store list and page', () => {
  it('lists stores with admin, slots, modules, balance and status, and searches by name or admin phone', async () => {
    const s = await t.newStore({ storeName: '星光租机旗舰店' });
    const admin = await t.newClerk({ storeId: s.id, isAdmin: true });
    await t.db.update(store).set({ usedDeviceCount: 3, deviceCount: 50 }).where(eq(store.id, s.id));
    const byName = (await call('GET', `/api/ops/stores?keyword=${encodeURIComponent('星光')}`)).json();
    expect(byName.total).toBe(1);
    expect(byName.list[0]).toMatchObject({
      id: s.id,
      store_name: '星光租机旗舰店',
      admin_phone: admin.phoneNumber,
      used_device_count: 3,
      device_count: 50,
      balance_fen: 0,
      disabled: false,
    });
    const byPhone = (await call('GET', `/api/ops/stores?keyword=${admin.phoneNumber.slice(3)}`)).json();
    expect(byPhone.list.map((x: { id: string }) => x.id)).toEqual([s.id]);
    // Wildcards typed by the operator are text, not patterns.
    expect((await call('GET', '/api/ops/stores?keyword=%25')).json().total).toBe(0);
    const page = await call('GET', `/api/ops/stores/${s.id}`);
    expect(page.json()).toMatchObject({ id: s.id, ledger: [] });
    expect((await call('GET', '/api/ops/stores/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/api/ops/stores/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('slots, modules, RCS count and discount rate', () => {
  it('raises slots and writes who changed what, before and after, from which IP', async () => {
    const s = await t.newStore();
    const res = await call('PUT', `/api/ops/stores/${s.id}`, {
      device_count: 300,
      modules: ['apple', 'android', 'report-advanced'],
      rcs_count: 20,
      discount_rate: 0.85,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ device_count: 300, modules: ['apple', 'android', 'report-advanced'], rcs_count: 20, discount_rate: '0.85' });
    const [row] = await auditOf(s.id);
    expect(row).toMatchObject({ action: 'store.update', operatorId: op.operator.id, operatorName: '运营小王', ip: '10.7.7.7' });
    expect(row.before).toMatchObject({ device_count: 100 });
    expect(row.after).toMatchObject({ device_count: 300, discount_rate: '0.85' });
  });

  it('refuses slots below the phones in use with a Chinese 400, and changes nothing', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ usedDeviceCount: 40 }).where(eq(store.id, s.id));
    const res = await call('PUT', `/api/ops/stores/${s.id}`, { device_count: 39 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('设备名额不能少于已使用的 40 台');
    expect((await call('PUT', `/api/ops/stores/${s.id}`, { device_count: 40 })).statusCode).toBe(200);
    expect((await auditOf(s.id)).length).toBe(1);
  });

  it('refuses RCS queries below those used with a Chinese 400, and changes nothing', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ rcsCount: 30, usedRcsCount: 12 }).where(eq(store.id, s.id));
    const res = await call('PUT', `/api/ops/stores/${s.id}`, { rcs_count: 11, discount_rate: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '风控查询次数不能少于已使用的 12 次',
      errors: [{ field: 'rcs_count', message: '不能少于已使用的 12 次' }],
    });
    const [row] = await t.db.select().from(store).where(eq(store.id, s.id));
    expect([row.rcsCount, Number(row.discountRate)]).toEqual([30, 1]);
    expect((await call('PUT', `/api/ops/stores/${s.id}`, { rcs_count: 12 })).json()).toMatchObject({ rcs_count: 12, used_rcs_count: 12 });
    expect((await auditOf(s.id)).length).toBe(1);
  });

  it.each([
    [{ discount_rate: 0.09 }, '折扣率不能低于 0.1'],
    [{ discount_rate: 1.01 }, '折扣率不能高于 1.0'],
    [{ discount_rate: 0.855 }, '折扣率最多两位小数'],
    [{ modules: ['apple', 'teleport'] }, '未知的功能模块'],
    [{ device_count: -1 }, '设备名额不能为负数'],
    [{ device_count: 1.5 }, '设备名额应为整数'],
    [{}, '请至少修改一项'],
  ])('refuses %j with a Chinese message', async (body, message) => {
    const s = await t.newStore();
    const res = await call('PUT', `/api/ops/stores/${s.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});

describe('report balance', () => {
  it('50 parallel top-ups with one Idempotency-Key make one ledger row and one audit row', async () => {
    const s = await t.newStore();
    const key = 'ops-topup-0001-parallel';
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', `/api/ops/stores/${s.id}/balance`, { kind: 'top_up', amount_fen: 10_000, reason: '线下转账' }, { 'idempotency-key': key }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(results.filter((r) => r.json().applied)).toHaveLength(1);
    expect(results.every((r) => r.json().balance_fen === 10_000)).toBe(true);
    const rows = await t.db.select().from(reportLedger).where(eq(reportLedger.storeId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountFen: 10_000, kind: 'credit', reason: '运营充值：线下转账' });
    expect((await auditOf(s.id)).filter((a) => a.action === 'store.balance')).toHaveLength(1);
  });

  it('refuses one Idempotency-Key reused with another amount or kind (409), and moves no money', async () => {
    const s = await t.newStore();
    const key = { 'idempotency-key': 'ops-reuse-0001' };
    const topUp = { kind: 'top_up', amount_fen: 5_000, reason: '线下转账' };
    expect((await call('POST', `/api/ops/stores/${s.id}/balance`, topUp, key)).json()).toEqual({ balance_fen: 5_000, applied: true });
    expect((await call('POST', `/api/ops/stores/${s.id}/balance`, topUp, key)).json()).toEqual({ balance_fen: 5_000, applied: false });
    for (const body of [
      { ...topUp, amount_fen: 50_000 },
      { ...topUp, reason: '另一笔转账' },
      { kind: 'correction', amount_fen: -1_000, reason: '线下转账' },
    ]) {
      const res = await call('POST', `/api/ops/stores/${s.id}/balance`, body, key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Idempotency-Key 已用于另一个不同的请求') });
    }
    const rows = await t.db.select().from(reportLedger).where(eq(reportLedger.storeId, s.id));
    expect(rows.map((r) => [r.kind, r.amountFen])).toEqual([['credit', 5_000]]);
    expect((await call('GET', `/api/ops/stores/${s.id}`)).json().balance_fen).toBe(5_000);
  });

  it('corrects with a negative entry, never below zero, and needs a key and a reason', async () => {
    const s = await t.newStore();
    await call('POST', `/api/ops/stores/${s.id}/balance`, { kind: 'top_up', amount_fen: 5_000, reason: '充值' }, { 'idempotency-key': 'ops-correct-0001' });
    const fix = await call(
      'POST',
      `/api/ops/stores/${s.id}/balance`,
      { kind: 'correction', amount_fen: -2_000, reason: '多充了 20 元' },
      { 'idempotency-key': 'ops-correct-0002' },
    );
    expect(fix.json()).toEqual({ balance_fen: 3_000, applied: true });
    const under = await call(
      'POST',
      `/api/ops/stores/${s.id}/balance`,
      { kind: 'correction', amount_fen: -3_001, reason: '错误更正' },
      { 'idempotency-key': 'ops-correct-0003' },
    );
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toContain('更正后余额不能为负数');
    const noKey = await call('POST', `/api/ops/stores/${s.id}/balance`, { kind: 'top_up', amount_fen: 100, reason: '充值' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain('Idempotency-Key');
    const negativeTopUp = await call(
      'POST',
      `/api/ops/stores/${s.id}/balance`,
      { kind: 'top_up', amount_fen: -100, reason: '充值' },
      { 'idempotency-key': 'ops-correct-0004' },
    );
    expect(negativeTopUp.statusCode).toBe(400);
    const noReason = await call(
      'POST',
      `/api/ops/stores/${s.id}/balance`,
      { kind: 'top_up', amount_fen: 100, reason: ' ' },
      { 'idempotency-key': 'ops-correct-0005' },
    );
    expect(noReason.statusCode).toBe(400);
    const rows = await t.db.select().from(reportLedger).where(eq(reportLedger.storeId, s.id));
    expect(rows.map((r) => [r.kind, r.amountFen])).toEqual([
      ['credit', 5_000],
      ['correction', -2_000],
    ]);
    expect((await call('GET', `/api/ops/stores/${s.id}`)).json().balance_fen).toBe(3_000);
  });
});

describe('disable and enable', () => {
  it("ends the store's sessions, refuses its console and open API with 门店已停用, while its phones still acknowledge a queued command", async () => {
    const s = await t.newStore();
    const { headers: admin, clerk } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const creds = await enableOpenApi(t, admin);
    const { phone, deviceId } = await h.newPhone(admin);
    // A lock the store scheduled before it was disabled: it is queued and pushed while the store is disabled.
    const lock = await t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/lock',
      headers: admin,
      payload: { device_id: deviceId, message: '请联系门店', when: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(lock.statusCode).toBe(200);

    const off = await call('POST', `/api/ops/stores/${s.id}/disable`);
    expect(off.json()).toMatchObject({ disabled: true });
    const consoleCall = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: admin });
    expect(consoleCall.statusCode).toBe(401);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: clerk.phoneNumber, password: TEST_PASSWORD } });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().message).toBe('门店已停用');
    const open = await signedInject(t, creds, { method: 'GET', url: '/open/v1/devices?page_num=0&page_size=10' });
    expect(open.statusCode).toBe(403);
    expect(open.json().message).toBe('门店已停用');

    expect(await fireScheduledLocks(t.db, t.app.mdm, new Date(Date.now() + 2 * 3_600_000))).toBe(1);
    await waitFor(() => phone.state.lostMode.enabled);
    await waitFor(async () => {
      const cmds = await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
      return cmds.some((c) => c.requestType === 'EnableLostMode' && c.status === 'acknowledged');
    });

    const on = await call('POST', `/api/ops/stores/${s.id}/enable`);
    expect(on.json()).toMatchObject({ disabled: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: clerk.phoneNumber, password: TEST_PASSWORD } })).statusCode).toBe(
      200,
    );
    expect((await auditOf(s.id)).map((a) => a.action)).toEqual(['store.disable', 'store.enable']);
    void LockStatus;
  });
});

describe('create a store directly', () => {
  it('with a one-time password the admin can sign in with', async () => {
    const phone = '13712340001';
    const res = await call('POST', '/api/ops/stores', {
      store_name: '运营直开门店',
      admin_name: '李店长',
      admin_phone: phone,
      delivery: 'password',
      device_count: 20,
    });
    expect(res.statusCode).toBe(200);
    const { id, one_time_password } = res.json();
    expect(one_time_password).toMatch(/^[A-Za-z0-9]{12}$/);
    const [row] = await t.db.select().from(store).where(eq(store.id, id));
    expect(row).toMatchObject({ storeName: '运营直开门店', deviceCount: 20, modules: DEFAULT_STORE_MODULES });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: phone, password: one_time_password } })).statusCode).toBe(200);
    const again = await call('POST', '/api/ops/stores', { store_name: '重复', admin_name: '李', admin_phone: phone, delivery: 'password' });
    expect(again.statusCode).toBe(409);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['store.create']);
  });

  it('with SMS: the admin gets a reset-password code and sets a password through 忘记密码', async () => {
    const phone = '13712340002';
    const res = await call('POST', '/api/ops/stores', { store_name: '短信门店', admin_name: '王店长', admin_phone: phone, delivery: 'sms' });
    expect(res.json().one_time_password).toBeNull();
    const code = await t.lastSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/reset-password',
      payload: { phone_number: phone, sms_code: code, password: 'Shop-Pass9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: phone, password: 'Shop-Pass9' } })).statusCode).toBe(200);
  });
});

describe('self-registration switch', () => {
  it('turns /system/register off and on, audited', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/system/registration' })).json()).toEqual({ open: true });
    expect((await call('PUT', '/api/ops/settings', { self_registration: false })).json()).toEqual({ self_registration: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/registration' })).json()).toEqual({ open: false });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/system/register-store',
      payload: { store_name: '自助', name: '赵', phone_number: '13712340003', sms_code: '123456', password: 'Shop-Pass9' },
    });
    expect(reg.statusCode).toBe(403);
    expect(reg.json().message).toContain('平台已关闭门店自助注册');
    await call('PUT', '/api/ops/settings', { self_registration: true });
    expect((await call('GET', '/api/ops/settings')).json()).toEqual({ self_registration: true });
    const rows = (await t.db.select().from(opsAudit).where(eq(opsAudit.action, 'settings.update'))).map((r) => r.after);
    expect(rows).toEqual([{ self_registration: false }, { self_registration: true }]);
  });
});

describe('audit log', () => {
  it('is listed newest first and can be neither updated nor deleted, not even by the server', async () => {
    const list = (await call('GET', '/api/ops/audit?page_size=5')).json();
    expect(list.total).toBeGreaterThan(3);
    expect(list.list[0].id).toBeGreaterThan(list.list[1].id);
    expect(list.list[0].action_label).not.toBe(list.list[0].action);
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(sql`update ops_audit set operator_name = 'x'`)).toMatch(/ops_audit is append-only \(UPDATE\)/);
    expect(await refusal(sql`delete from ops_audit`)).toMatch(/ops_audit is append-only \(DELETE\)/);
    expect(await refusal(sql`truncate ops_audit`)).toMatch(/ops_audit is append-only \(TRUNCATE\)/);
    expect((await call('GET', '/api/ops/audit?page_size=5')).json().total).toBe(list.total);
  });

  it("names a store row's target by the store's name, and other rows by none", async () => {
    const s = await t.newStore({ storeName: '审计门店' });
    expect((await call('POST', `/api/ops/stores/${s.id}/disable`)).statusCode).toBe(200);
    const { list } = (await call('GET', `/api/ops/audit?keyword=${s.id}`)).json() as { list: { target_id: string; target_name: string | null }[] };
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.target_id === s.id && r.target_name === '审计门店')).toBe(true);
    const settings = (await call('GET', '/api/ops/audit?keyword=settings.update')).json().list as { target_name: string | null }[];
    expect(settings.every((r) => r.target_name === null)).toBe(true);
  });
});
