import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockDep, type MockEscrowUnlock, startMockDep } from '@lease/device-sim';
import { ActivationLockStatus, BYPASS_CODE_PATTERN, OperationStatus, Perm, bypassCodeFromBytes, escrowKeyOfCode } from '@lease/shared';
import { startEscrowStandIn } from '../../adapters/activation-lock/escrow.test-kit.ts';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import { seedAbmToken } from '../abm/abm.test-kit.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { saveLockFacts } from './activation-lock.repo.ts';
import { createCodeBox, sealToPublicKey } from './code-box.ts';

type Headers = { authorization: string };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'activation-lock-'));
const IN_ABM = Array.from({ length: 24 }, (_, i) => `F2LALK${String(i).padStart(6, '0')}`);
let dep: MockDep;
let escrow: MockEscrowUnlock;
let t: TestApp;
let storeId: string;
let admin: Headers;
let adminPhone: string;
const serials = [...IN_ABM];

beforeAll(async () => {
  dep = await startMockDep({ devices: IN_ABM.map((serial_number) => ({ serial_number })) });
  const standIn = await startEscrowStandIn(dir, dep.activationLocks);
  escrow = standIn.escrow;
  t = await buildTestApp({ DEP_ORIGIN: dep.origin, ...standIn.env });
  storeId = (await t.newStore({ storeName: '激活锁测试门店' })).id;
  await seedAbmToken(t, storeId, dep);
  const signed = await t.signedIn({ storeId, isAdmin: true });
  admin = signed.headers;
  adminPhone = signed.clerk.phoneNumber;
});
afterAll(async () => {
  await t.close();
  await escrow.close();
  await dep.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** aPhone registers one of the stand-in's ABM serials (or any serial) as an enrolled iPhone of the store. */
const aPhone = (values: Partial<typeof iosDevice.$inferInsert> = {}) =>
  t.newIosDevice({ storeId, enrolled: true, serialNumber: serials.shift(), model: 'iPhone15,2', imei1: '356789012345678', meid: '35678901234567', ...values });
const command = (name: string, headers: Headers, device_id: string, extra: Record<string, unknown> = {}, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/device/ios/command/${name}`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { device_id, password: TEST_PASSWORD, ...extra },
  });
const rowOf = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const logsOf = (id: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, id));
const lockCalls = () => dep.requests.filter((r) => r.path === '/device/activationlock').length;
const stateOf = async (id: string, headers = admin) =>
  (await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/activation-lock?device_id=${id}`, headers })).json();

describe('activation lock: turn on, show the code, turn off', () => {
  it("locks through ABM with the code's hash, shows the code once confirmed, and unlocks through Apple's escrow service", async () => {
    const d = await aPhone();
    const on = await command('turn-on-activation-lock', admin, d.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ status: OperationStatus.DONE, replayed: false, result: 'Apple 已为设备开启激活锁' });
    const locked = await rowOf(d.id);
    expect(locked.activationLockStatus).toBe(ActivationLockStatus.ON);
    expect(locked.activationLockPasscode).toMatch(/^v1\./);
    const escrowKey = dep.activationLocks.get(d.serialNumber)?.escrow_key;
    expect(escrowKey).toMatch(/^[0-9a-f]{64}$/);

    const shown = await command('get-activation-lock-password', admin, d.id);
    expect(shown.statusCode).toBe(200);
    const code: string = shown.json().activation_lock_password;
    expect(code).toMatch(BYPASS_CODE_PATTERN);
    expect(shown.json().source).toBe('server');
    expect(await escrowKeyOfCode(code)).toBe(escrowKey);
    expect(locked.activationLockPasscode).not.toContain(code);

    const off = await command('turn-off-activation-lock', admin, d.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: OperationStatus.DONE, result: 'Apple 已关闭激活锁（使用服务器生成的绕过码）' });
    expect(await rowOf(d.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
    expect(dep.activationLocks.has(d.serialNumber)).toBe(false);
    expect(escrow.unlocked.at(-1)).toMatchObject({
      serial: d.serialNumber,
      productType: 'iPhone15,2',
      imei: '356789012345678',
      meid: '35678901234567',
      orgName: '激活锁测试门店',
      escrowKey: code,
      opened: 'abm',
    });

    const logs = await logsOf(d.id);
    expect(logs.map((l) => [l.action, l.status]).sort()).toEqual([
      ['get-activation-lock-password', OperationStatus.DONE],
      ['turn-off-activation-lock', OperationStatus.DONE],
      ['turn-on-activation-lock', OperationStatus.DONE],
    ]);
    // Who looked and when is logged; the code itself never is.
    expect(JSON.stringify(logs)).not.toContain(code);
  });

  it('answers a repeated Idempotency-Key with the first operation and asks Apple once', async () => {
    const d = await aPhone();
    const before = lockCalls();
    const first = await command('turn-on-activation-lock', admin, d.id, {}, 'al-on-1');
    const again = await command('turn-on-activation-lock', admin, d.id, {}, 'al-on-1');
    expect(again.json()).toMatchObject({
      operation_log_id: first.json().operation_log_id,
      replayed: true,
      status: OperationStatus.DONE,
      result: first.json().result,
    });
    expect(lockCalls()).toBe(before + 1);
    const refused = await command('turn-on-activation-lock', admin, d.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('激活锁已开启');
  });
});

describe('activation lock: who may, and with what proof', () => {
  it('refuses clerks without Ab11, Ab19 or Ab12 and changes nothing', async () => {
    const d = await aPhone({
      activationLockStatus: ActivationLockStatus.ON,
      activationLockPasscode: createCodeBox(t.secrets.activationLock).seal(bypassCodeFromBytes(Buffer.alloc(16, 3))),
    });
    const onlyOn = await t.signedIn({ storeId, isAdmin: false, permission: Perm.APPLE_TURN_ON_ACTIVATION_LOCK });
    const none = await t.signedIn({ storeId, isAdmin: false, permission: '' });
    for (const name of ['turn-off-activation-lock', 'get-activation-lock-password']) {
      const res = await command(name, onlyOn.headers, d.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
    }
    const res = await command('turn-on-activation-lock', none.headers, d.id);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    expect(await logsOf(d.id)).toHaveLength(0);
    expect((await rowOf(d.id)).activationLockStatus).toBe(ActivationLockStatus.ON);
  });

  it('answers bad input with 400 in Chinese', async () => {
    const d = await aPhone();
    const badId = await command('turn-on-activation-lock', admin, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/turn-on-activation-lock',
      headers: admin,
      payload: { device_id: d.id },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain('请输入登录密码或二级密码');
    expect(await logsOf(d.id)).toHaveLength(0);
  });

  it("answers another store's device with 404 and leaves it alone", async () => {
    const other = await t.newStore();
    const theirs = await t.newIosDevice({ storeId: other.id, enrolled: true, serialNumber: serials.shift(), model: 'iPhone15,2' });
    for (const name of ['turn-on-activation-lock', 'turn-off-activation-lock', 'get-activation-lock-password']) {
      const res = await command(name, admin, theirs.id);
      expect(res.statusCode).toBe(404);
    }
    expect(await rowOf(theirs.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
    expect(await logsOf(theirs.id)).toHaveLength(0);
    expect(dep.activationLocks.has(theirs.serialNumber)).toBe(false);
  });

  it('needs the right password: a wrong one is 403 SECPWD_MISMATCH, and Apple is not asked', async () => {
    const d = await aPhone();
    const before = lockCalls();
    const res = await command('turn-on-activation-lock', admin, d.id, { password: 'wrong-password' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SECPWD_MISMATCH');
    expect(lockCalls()).toBe(before);
    expect(await rowOf(d.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
    expect(await logsOf(d.id)).toHaveLength(0);
  });

  it("asks for an SMS code from the caller's phone when the store's switch is on", async () => {
    const d = await aPhone();
    await t.db.update(store).set({ smsVerifySwitch: true }).where(eq(store.id, storeId));
    try {
      const need = await t.app.inject({ method: 'GET', url: '/api/system/check-need-sms-verify?action=turn-on-activation-lock', headers: admin });
      expect(need.json()).toEqual({ need: true });
      const missing = await command('turn-on-activation-lock', admin, d.id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('门店已开启短信验证，请输入短信验证码');
      expect(await logsOf(d.id)).toHaveLength(0);
      await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin, payload: { purpose: 'sensitive' } });
      const sms = (await t.lastSmsCode(adminPhone))!;
      const res = await command('turn-on-activation-lock', admin, d.id, { sms_code: sms });
      expect(res.json().status).toBe(OperationStatus.DONE);
    } finally {
      await t.db.update(store).set({ smsVerifySwitch: false }).where(eq(store.id, storeId));
    }
  });

  it('tells a store without an ABM token where to upload one, and stores nothing', async () => {
    const bare = await t.newStore();
    const clerk = await t.signedIn({ storeId: bare.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: bare.id, enrolled: true, serialNumber: serials.shift(), model: 'iPhone15,2' });
    const before = lockCalls();
    const res = await command('turn-on-activation-lock', clerk.headers, d.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('门店尚未配置 ABM 令牌');
    expect(res.json().message).toContain('更新 ABM 令牌');
    expect(await rowOf(d.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
    expect(await logsOf(d.id)).toHaveLength(0);
    expect(lockCalls()).toBe(before);
    expect(await stateOf(d.id, clerk.headers)).toMatchObject({ abm_missing: true, cannot_turn_on: expect.stringContaining('更新 ABM 令牌') });
  });
});

describe("activation lock: Apple's answers", () => {
  it('explains a refusal in Chinese and keeps no code', async () => {
    const d = await aPhone({ serialNumber: 'F2LNOTINABM1' });
    const res = await command('turn-on-activation-lock', admin, d.id);
    expect(res.json()).toMatchObject({ status: OperationStatus.FAILED, result: expect.stringContaining('不在本门店的 Apple 商务管理') });
    expect(await rowOf(d.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
    const [log] = await logsOf(d.id);
    expect(log).toMatchObject({ status: OperationStatus.FAILED, result: res.json().result });
  });

  it('marks a phone Apple already holds locked as locked, without a code of ours', async () => {
    const d = await aPhone();
    dep.activationLocks.set(d.serialNumber, { escrow_key: 'someone-else', at: new Date() });
    const res = await command('turn-on-activation-lock', admin, d.id);
    expect(res.json()).toMatchObject({ status: OperationStatus.FAILED, result: expect.stringContaining('设备已处于激活锁状态') });
    expect(await rowOf(d.id)).toMatchObject({ activationLockStatus: ActivationLockStatus.ON, activationLockPasscode: null });
  });

  it("keeps the code when Apple's answer is lost, and the retry sends the same one", async () => {
    const d = await aPhone();
    dep.setFault({ path: '/device/activationlock', status: 503, body: 'SERVICE_UNAVAILABLE', times: 1 });
    const lost = await command('turn-on-activation-lock', admin, d.id);
    expect(lost.json()).toMatchObject({ status: OperationStatus.FAILED, result: expect.stringContaining('无法确认 Apple 是否已开启激活锁') });
    const pending = await rowOf(d.id);
    expect(pending.activationLockStatus).toBe(ActivationLockStatus.TURNING_ON);
    const kept = createCodeBox(t.secrets.activationLock).open(pending.activationLockPasscode!);
    const retry = await command('turn-on-activation-lock', admin, d.id);
    expect(retry.json().status).toBe(OperationStatus.DONE);
    expect(dep.activationLocks.get(d.serialNumber)?.escrow_key).toBe(await escrowKeyOfCode(kept));
  });

  it("tries the phone's own code when the lock was set with 查找, and says which code opened it", async () => {
    const d = await aPhone({ activationLockStatus: ActivationLockStatus.ON });
    const phoneCode = bypassCodeFromBytes(Buffer.alloc(16, 9));
    await saveLockFacts(t.db, d.id, {
      deviceCode: sealToPublicKey(createCodeBox(t.secrets.activationLock).publicKeyPem, phoneCode),
      deviceReportsEnabled: true,
    });
    escrow.lockByDevice(d.serialNumber, phoneCode);
    expect(await stateOf(d.id)).toMatchObject({
      server_code: false,
      device_code: true,
      device_reports_enabled: true,
      cannot_turn_off: null,
      cannot_get_password: null,
    });
    const shown = await command('get-activation-lock-password', admin, d.id);
    expect(shown.json()).toEqual({ activation_lock_password: phoneCode, source: 'device' });
    const off = await command('turn-off-activation-lock', admin, d.id);
    expect(off.json()).toMatchObject({ status: OperationStatus.DONE, result: 'Apple 已关闭激活锁（使用设备生成的绕过码）' });
    expect(escrow.unlocked.at(-1)).toMatchObject({ serial: d.serialNumber, opened: 'device' });
    expect((await rowOf(d.id)).activationLockStatus).toBe(ActivationLockStatus.OFF);
  });

  it('puts the status back when Apple refuses both codes', async () => {
    const d = await aPhone();
    await command('turn-on-activation-lock', admin, d.id);
    await saveLockFacts(t.db, d.id, {
      deviceCode: sealToPublicKey(createCodeBox(t.secrets.activationLock).publicKeyPem, bypassCodeFromBytes(Buffer.alloc(16, 5))),
    });
    dep.activationLocks.set(d.serialNumber, { escrow_key: 'not-ours', at: new Date() });
    const before = escrow.attempts.length;
    const off = await command('turn-off-activation-lock', admin, d.id);
    expect(off.json()).toMatchObject({ status: OperationStatus.FAILED, result: expect.stringContaining('两个绕过码均与 Apple 记录不符') });
    expect(escrow.attempts.length).toBe(before + 2);
    expect((await rowOf(d.id)).activationLockStatus).toBe(ActivationLockStatus.ON);
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.deviceId, d.id), eq(operationLog.action, 'turn-off-activation-lock')));
    expect(log.status).toBe(OperationStatus.FAILED);
  });

  it('says what the hirer must do when the phone is locked and no code exists', async () => {
    const d = await aPhone({ activationLockStatus: ActivationLockStatus.ON });
    for (const name of ['turn-off-activation-lock', 'get-activation-lock-password']) {
      const res = await command(name, admin, d.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('由租机人的 Apple 账户（「查找」）开启');
    }
    const off = await aPhone();
    expect((await command('turn-off-activation-lock', admin, off.id)).json().message).toBe('激活锁未开启');
  });
});
