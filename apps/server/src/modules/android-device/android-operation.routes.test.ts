import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_ANDROID_RESTRICTIONS, EnrollmentStatus, LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import { verifyPasscode } from '@lease/shared/offline-passcode';
import { androidCommand } from '../../mdm/android/android-agent.table.ts';
import { TEST_PASSWORD, type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { deviceDistributionLog } from '../clerk/distribution-log.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { wallpaper } from '../wallpaper/wallpaper.table.ts';
import { androidDevice } from '../../domain/android-device.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const op = (id: string, name: string, headers: Headers, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/device/android/${id}/operation/${name}`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const commandsOf = (deviceId: string) => t.db.select().from(androidCommand).where(eq(androidCommand.deviceId, deviceId));
const logsOf = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));
const rowOf = async (deviceId: string) => (await t.db.select().from(androidDevice).where(eq(androidDevice.id, deviceId)))[0];
const CHALLENGE = '12345678';

async function aStore(options: { smsVerifySwitch?: boolean } = {}) {
  const s = await t.newStore(options);
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { s, admin };
}

async function aWallpaper(storeId: string) {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  const [w] = await t.db.insert(wallpaper).values({ storeId, content: jpeg, thumbnail: jpeg, width: 1, height: 1, byteSize: 4 }).returning();
  return w;
}

/** Every operation with its permission code and a valid body (filled per store where it names store rows). */
const OPERATIONS: { name: string; perm: string; body?: (ctx: { storeId: string; clerkId: string }) => Promise<object> | object; unregulated?: boolean }[] = [
  { name: 'lock', perm: 'Eb2', body: () => ({ message: '租金逾期，请联系门店' }) },
  { name: 'unlock', perm: 'Eb3' },
  { name: 'regulate', perm: 'Eb8', unregulated: true },
  { name: 'deregulate', perm: 'Eb9', body: () => ({ password: TEST_PASSWORD }) },
  { name: 'set-wallpaper', perm: 'Eb1', body: async ({ storeId }) => ({ wallpaper_id: (await aWallpaper(storeId)).id }) },
  { name: 'get-location', perm: 'Eb4' },
  { name: 'set-system-restriction', perm: 'Eb6', body: () => ({ restriction: { no_camera: true } }) },
  { name: 'sync-system-restriction', perm: 'Eb6' },
  { name: 'set-app-restriction', perm: 'Eb7', body: () => ({ enable: true, mode: 0, list: [{ app_name: '抖音', package_name: 'com.ss.android.ugc.aweme' }] }) },
  { name: 'change-for-clerk', perm: 'Ea3', body: ({ clerkId }) => ({ for_clerk: clerkId }) },
  { name: 'get-unlock-passcode', perm: 'Eb10', body: () => ({ challenge: CHALLENGE, password: TEST_PASSWORD }) },
  { name: 'get-deregulate-passcode', perm: 'Eb11', body: () => ({ challenge: CHALLENGE, password: TEST_PASSWORD }) },
  { name: 'archive', perm: 'Eb5' },
];
const ALL_PERMS = [...new Set(['Ea2', ...OPERATIONS.map((o) => o.perm)])];

describe('permission codes', () => {
  it.each(OPERATIONS)('$name needs $perm: a clerk lacking it gets 403 PERMISSION_DENIED and nothing happens', async ({ name, perm, body, unregulated }) => {
    const { s } = await aStore();
    const target = await t.newClerk({ storeId: s.id });
    const lacking = await t.signedIn({ storeId: s.id, permission: ALL_PERMS.filter((p) => p !== perm).join(',') });
    const holding = await t.signedIn({ storeId: s.id, permission: `Ea2,${perm}` });
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true, regulateStatus: unregulated ? RegulateStatus.UNREGULATED : RegulateStatus.REGULATED });
    const payload = await body?.({ storeId: s.id, clerkId: target.id });
    const refused = await op(d.id, name, lacking.headers, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect(await logsOf(d.id)).toHaveLength(0);
    const allowed = await op(d.id, name, holding.headers, payload);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await logsOf(d.id)).map((l) => l.action)).toEqual([name]);
  });
});

describe('another store’s phone', () => {
  it.each(
    OPERATIONS.concat([
      { name: 'get-hirer-phone', perm: '' },
      { name: 'get-installed-app-list', perm: '' },
    ]),
  )('$name answers 404 and changes nothing', async ({ name, body }) => {
    const { s, admin } = await aStore();
    const other = await t.newStore();
    const theirs = await t.newAndroidDevice({ storeId: other.id, agent: true, regulateStatus: RegulateStatus.REGULATED, hirerPhoneNumber: '13800001234' });
    const before = await rowOf(theirs.id);
    const res = await op(theirs.id, name, admin.headers, await body?.({ storeId: s.id, clerkId: admin.clerk.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('设备不存在');
    expect(await rowOf(theirs.id)).toEqual(before);
    expect(await logsOf(theirs.id)).toHaveLength(0);
    expect(await commandsOf(theirs.id)).toHaveLength(0);
  });

  it('a clerk without Ea2 cannot operate a colleague’s phone (404)', async () => {
    const { s } = await aStore();
    const colleague = await t.newClerk({ storeId: s.id });
    const me = await t.signedIn({ storeId: s.id, permission: 'Eb2' });
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: colleague.id });
    expect((await op(d.id, 'lock', me.headers, { message: '锁定' })).statusCode).toBe(404);
    const mine = await t.newAndroidDevice({ storeId: s.id, clerkId: me.clerk.id });
    expect((await op(mine.id, 'lock', me.headers, { message: '锁定' })).statusCode).toBe(200);
  });
});

describe('lock and unlock', () => {
  it.each([
    [{}, '未填写锁定提示内容'],
    [{ message: '   ' }, '未填写锁定提示内容'],
    [{ message: '请还款', phone_number: '2380000111' }, '联系电话应为手机号、400/800 号码或带区号的固定电话'],
    [{ message: '请还款', phone_number: '138000011112' }, '联系电话应为手机号、400/800 号码或带区号的固定电话'],
  ])('refuses %j with a Chinese 400', async (body, message) => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const res = await op(d.id, 'lock', admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await commandsOf(d.id)).toHaveLength(0);
  });

  it('writes the desired lock, the operation log and the agent command in one go', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const res = await op(d.id, 'lock', admin.headers, { message: '租金逾期，请联系门店', phone_number: '13800001234' });
    expect(res.json()).toMatchObject({ status: OperationStatus.QUEUED, replayed: false });
    const row = await rowOf(d.id);
    expect(row).toMatchObject({
      lockStatus: LockStatus.LOCKING,
      lockMessage: '租金逾期，请联系门店',
      lockPhoneNumber: '13800001234',
      policyVersion: d.policyVersion + 1,
    });
    const [cmd] = await commandsOf(d.id);
    expect(cmd).toMatchObject({
      type: 'lock',
      payload: { message: '租金逾期，请联系门店', phone_number: '13800001234' },
      operationLogId: res.json().operation_log_id,
    });
    const [log] = await logsOf(d.id);
    expect(log).toMatchObject({ action: 'lock', platform: 'android', clerkId: admin.clerk.id, status: OperationStatus.QUEUED });

    const unlock = await op(d.id, 'unlock', admin.headers);
    expect(unlock.statusCode).toBe(200);
    expect((await rowOf(d.id)).lockStatus).toBe(LockStatus.UNLOCKING);
    // The newer desired state replaces the lock still waiting for the phone.
    const pending = (await commandsOf(d.id)).filter((c) => c.status === 'queued').map((c) => c.type);
    expect(pending).toEqual(['unlock']);
  });

  it('answers a repeated Idempotency-Key with the first operation, once', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const key = randomUUID();
    const first = (await op(d.id, 'lock', admin.headers, { message: '请还款' }, key)).json();
    const again = (await op(d.id, 'lock', admin.headers, { message: '请还款' }, key)).json();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await logsOf(d.id)).toHaveLength(1);
    expect(await commandsOf(d.id)).toHaveLength(1);
    // A rule that would refuse the repeat (监管 twice) still answers the replay with the first operation.
    const regKey = randomUUID();
    const reg = (await op(d.id, 'regulate', admin.headers, undefined, regKey)).json();
    expect((await op(d.id, 'regulate', admin.headers, undefined, regKey)).json()).toEqual({ ...reg, replayed: true });
    const twice = await op(d.id, 'regulate', admin.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('设备已处于监管中');
  });

  it('refuses commands to an archived or released phone', async () => {
    const { s, admin } = await aStore();
    const archived = await t.newAndroidDevice({ storeId: s.id, archived: true });
    const released = await t.newAndroidDevice({ storeId: s.id, enrollmentStatus: EnrollmentStatus.RELEASED });
    expect((await op(archived.id, 'lock', admin.headers, { message: '锁' })).json().message).toBe('设备已归档，无法操作');
    expect((await op(released.id, 'get-location', admin.headers)).json().message).toBe('设备已脱离管理，无法下发指令');
    expect(await commandsOf(archived.id)).toHaveLength(0);
  });
});

describe('regulate and deregulate', () => {
  it('regulates with the phone’s restriction map; deregulating asks for the password', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, systemRestriction: { ...CORE_ANDROID_RESTRICTIONS, no_camera: true } });
    expect((await op(d.id, 'deregulate', admin.headers, { password: TEST_PASSWORD })).json().message).toBe('设备未处于监管中');
    await op(d.id, 'regulate', admin.headers);
    const [reg] = await commandsOf(d.id);
    expect(reg.payload).toMatchObject({ restriction: { no_factory_reset: true, no_camera: true } });
    expect((await rowOf(d.id)).regulateStatus).toBe(RegulateStatus.REGULATING);
    await t.db.update(androidDevice).set({ regulateStatus: RegulateStatus.REGULATED }).where(eq(androidDevice.id, d.id));

    const missing = await op(d.id, 'deregulate', admin.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('请输入登录密码或二级密码');
    expect((await op(d.id, 'deregulate', admin.headers, { password: 'Wrong#2026' })).json().code).toBe('SECPWD_MISMATCH');
    expect((await rowOf(d.id)).regulateStatus).toBe(RegulateStatus.REGULATED);
    expect((await op(d.id, 'deregulate', admin.headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await rowOf(d.id)).regulateStatus).toBe(RegulateStatus.DEREGULATING);
  });
});

describe('restrictions', () => {
  it('applies changed switches over the phone’s map and stores the whole map; sync gives it the store default', async () => {
    const { s, admin } = await aStore();
    await t.db
      .update(store)
      .set({ androidSystemRestriction: { ...CORE_ANDROID_RESTRICTIONS, no_sms: true } })
      .where(eq(store.id, s.id));
    const d = await t.newAndroidDevice({ storeId: s.id, systemRestriction: { ...CORE_ANDROID_RESTRICTIONS } });
    const bad = await op(d.id, 'set-system-restriction', admin.headers, { restriction: { no_flying: true } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('未知的限制项：no_flying');
    await op(d.id, 'set-system-restriction', admin.headers, { restriction: { no_camera: true, no_debugging: false } });
    const after = await rowOf(d.id);
    expect(after.systemRestriction).toMatchObject({ no_camera: true, no_debugging: false, no_factory_reset: true, no_sms: false });
    const [cmd] = await commandsOf(d.id);
    expect(cmd.payload).toEqual({ restriction: after.systemRestriction });

    await op(d.id, 'sync-system-restriction', admin.headers);
    expect((await rowOf(d.id)).systemRestriction).toMatchObject({ no_camera: false, no_debugging: true, no_sms: true });
    expect((await logsOf(d.id)).map((l) => l.action).sort()).toEqual(['set-system-restriction', 'sync-system-restriction']);
  });

  it.each([
    [{ enable: true }, '开启应用限制时请选择限制模式'],
    [{ enable: true, mode: 1, list: [] }, '白名单模式请至少添加一个应用'],
    [{ enable: true, mode: 2, list: [] }, '应用限制模式只能是 0（黑名单）或 1（白名单）'],
    [{ enable: true, mode: 0, list: [{ app_name: 'x', package_name: 'not a package' }] }, '包名格式有误'],
    [{ enable: true, mode: 0, list: [{ package_name: 'com.a.b' }, { package_name: 'com.a.b' }] }, '应用 com.a.b 重复'],
  ])('set-app-restriction refuses %j with a Chinese 400', async (body, message) => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const res = await op(d.id, 'set-app-restriction', admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('set-app-restriction stores the rule and sends it', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const list = [{ app_name: '微信', package_name: 'com.tencent.mm' }];
    expect((await op(d.id, 'set-app-restriction', admin.headers, { enable: true, mode: 1, list })).statusCode).toBe(200);
    expect(await rowOf(d.id)).toMatchObject({ appRestrictionEnable: true, appRestrictionMode: 1, appRestrictionList: list });
    expect((await commandsOf(d.id))[0].payload).toEqual({ enable: true, mode: 1, list });
  });

  it('set-app-restriction is read back by GET /{id}/app-restriction; another store’s admin neither reads nor sets it', async () => {
    const { s, admin } = await aStore();
    const other = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const list = [{ app_name: '抖音', package_name: 'com.ss.android.ugc.aweme' }];
    expect((await op(d.id, 'set-app-restriction', admin.headers, { enable: true, mode: 0, list })).statusCode).toBe(200);
    const read = (headers: Headers) => t.app.inject({ method: 'GET', url: `/api/device/android/${d.id}/app-restriction`, headers });
    expect((await read(admin.headers)).json()).toEqual({ enable: true, mode: 0, list });
    expect((await read(other.admin.headers)).statusCode).toBe(404);
    const theirs = await op(d.id, 'set-app-restriction', other.admin.headers, { enable: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('设备不存在');
    expect(await rowOf(d.id)).toMatchObject({ appRestrictionEnable: true, appRestrictionMode: 0, appRestrictionList: list });
    expect(await commandsOf(d.id)).toHaveLength(1);
  });
});

describe('set-wallpaper', () => {
  it('takes a wallpaper of the store’s library, never another store’s', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const theirs = await aWallpaper((await t.newStore()).id);
    const res = await op(d.id, 'set-wallpaper', admin.headers, { wallpaper_id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('壁纸不存在');
    expect((await rowOf(d.id)).wallpaperId).toBeNull();
    const ours = await aWallpaper(s.id);
    expect((await op(d.id, 'set-wallpaper', admin.headers, { wallpaper_id: ours.id, where: 1 })).statusCode).toBe(200);
    expect((await rowOf(d.id)).wallpaperId).toBe(ours.id);
    expect((await commandsOf(d.id))[0].payload).toEqual({ wallpaper_id: ours.id, where: 1, allow_modify: false });
    expect((await op(d.id, 'set-wallpaper', admin.headers, { wallpaper_id: ours.id, where: 4 })).statusCode).toBe(400);
  });
});

describe('change-for-clerk', () => {
  it('hands the phone over, moves the quota and records the hand-over', async () => {
    const { s, admin } = await aStore();
    const from = await t.newClerk({ storeId: s.id });
    const to = await t.newClerk({ storeId: s.id });
    await t.db.update(clerk).set({ usedQuota: 1 }).where(eq(clerk.id, from.id));
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: from.id });
    const res = await op(d.id, 'change-for-clerk', admin.headers, { for_clerk: to.id });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(d.id)).clerkId).toBe(to.id);
    const quotas = await t.db.select({ id: clerk.id, used: clerk.usedQuota }).from(clerk).where(eq(clerk.storeId, s.id));
    expect(quotas.find((c) => c.id === from.id)?.used).toBe(0);
    expect(quotas.find((c) => c.id === to.id)?.used).toBe(1);
    const [handOver] = await t.db.select().from(deviceDistributionLog).where(eq(deviceDistributionLog.deviceId, d.id));
    expect(handOver).toMatchObject({ platform: 'android', fromClerkId: from.id, toClerkId: to.id, byClerkId: admin.clerk.id });
  });

  it('refuses another store’s clerk (404), a disabled clerk (409) and a full quota', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: admin.clerk.id });
    const stranger = await t.newClerk();
    expect((await op(d.id, 'change-for-clerk', admin.headers, { for_clerk: stranger.id })).json().message).toBe('店员不存在');
    const disabled = await t.newClerk({ storeId: s.id, disabled: true });
    expect((await op(d.id, 'change-for-clerk', admin.headers, { for_clerk: disabled.id })).statusCode).toBe(409);
    const full = await t.newClerk({ storeId: s.id });
    await t.db.update(clerk).set({ quotaLimit: true, totalQuota: 0 }).where(eq(clerk.id, full.id));
    const res = await op(d.id, 'change-for-clerk', admin.headers, { for_clerk: full.id });
    expect(res.json().code).toBe('QUOTA_EXCEEDED');
    expect((await rowOf(d.id)).clerkId).toBe(admin.clerk.id);
    expect(await logsOf(d.id)).toHaveLength(0);
    expect(await t.db.select().from(deviceDistributionLog).where(eq(deviceDistributionLog.deviceId, d.id))).toHaveLength(0);
  });
});

describe('offline passcodes', () => {
  it('gives the code for the phone’s challenge after the password, logs who issued it and never the code', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true, lockEpoch: 4 });
    const wrong = await op(d.id, 'get-unlock-passcode', admin.headers, { challenge: CHALLENGE, password: 'Wrong#2026' });
    expect(wrong.json().code).toBe('SECPWD_MISMATCH');
    expect(await logsOf(d.id)).toHaveLength(0);

    const res = await op(d.id, 'get-unlock-passcode', admin.headers, { challenge: '1234 5678', grant_days: 7, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ purpose: 'unlock', challenge: CHALLENGE, grant_days: 7 });
    expect(verifyPasscode(d.devKey!, d.id, 4, CHALLENGE, body.passcode)).toEqual({ purpose: 'unlock', lockEpoch: 4, grantDays: 7 });
    const [log] = await logsOf(d.id);
    expect(log).toMatchObject({
      action: 'get-unlock-passcode',
      clerkId: admin.clerk.id,
      status: OperationStatus.DONE,
      detail: { challenge: CHALLENGE, grant_days: 7 },
    });
    expect(JSON.stringify(log)).not.toContain(body.passcode);
  });

  it('gives a deregulate code only for a regulated phone, which an unlock check does not accept as unlock', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true, regulateStatus: RegulateStatus.REGULATED });
    const res = (await op(d.id, 'get-deregulate-passcode', admin.headers, { challenge: CHALLENGE, grant_days: 9, password: TEST_PASSWORD })).json();
    expect(res.grant_days).toBe(0);
    expect(verifyPasscode(d.devKey!, d.id, 0, CHALLENGE, res.passcode)?.purpose).toBe('deregulate');
    const free = await t.newAndroidDevice({ storeId: s.id, agent: true });
    expect((await op(free.id, 'get-deregulate-passcode', admin.headers, { challenge: CHALLENGE, password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it.each([
    [{ challenge: '1234', password: TEST_PASSWORD }, '挑战码为设备锁屏上显示的 8 位数字'],
    [{ password: TEST_PASSWORD }, '请输入设备上显示的挑战码'],
    [{ challenge: CHALLENGE, grant_days: 31, password: TEST_PASSWORD }, '有效天数为 0-30'],
  ])('refuses %j with a Chinese 400', async (body, message) => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true });
    const res = await op(d.id, 'get-unlock-passcode', admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('asks for an SMS code of the caller’s phone when the store’s switch is on', async () => {
    const { s, admin } = await aStore({ smsVerifySwitch: true });
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true });
    const missing = await op(d.id, 'get-unlock-passcode', admin.headers, { challenge: CHALLENGE, password: TEST_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('门店已开启短信验证，请输入短信验证码');
    const sent = await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'sensitive' } });
    expect(sent.statusCode).toBe(200);
    const sms = (await t.lastSmsCode(admin.clerk.phoneNumber))!;
    const res = await op(d.id, 'get-unlock-passcode', admin.headers, { challenge: CHALLENGE, password: TEST_PASSWORD, sms_code: sms });
    expect(res.statusCode).toBe(200);
    expect(res.json().passcode).toMatch(/^\d{10}$/);
  });
});

describe('archive', () => {
  it('hides the phone, frees its slot and tells the agent to release itself; a second archive is a conflict', async () => {
    const { s, admin } = await aStore();
    await t.db.update(store).set({ usedDeviceCount: 3 }).where(eq(store.id, s.id));
    const d = await t.newAndroidDevice({ storeId: s.id, agent: true });
    const res = await op(d.id, 'archive', admin.headers);
    expect(res.json()).toMatchObject({ status: OperationStatus.QUEUED });
    const row = await rowOf(d.id);
    expect(row.archived).toBe(true);
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect((await commandsOf(d.id)).map((c) => c.type)).toEqual(['release']);
    expect((await t.db.select().from(store).where(eq(store.id, s.id)))[0].usedDeviceCount).toBe(2);
    const again = await op(d.id, 'archive', admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('设备已归档');
    // The history stays: the phone and its log are still there.
    expect(
      (
        await t.db
          .select()
          .from(operationLog)
          .where(and(eq(operationLog.deviceId, d.id), eq(operationLog.action, 'archive')))
      ).length,
    ).toBe(1);
  });

  it('archives a phone that has already left management without a release command', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, enrollmentStatus: EnrollmentStatus.RELEASED });
    expect((await op(d.id, 'archive', admin.headers)).json()).toMatchObject({ status: OperationStatus.DONE });
    expect(await commandsOf(d.id)).toHaveLength(0);
  });
});

describe('get-hirer-phone and get-installed-app-list', () => {
  it('reveal the full number with a log entry, and ask the phone for its apps', async () => {
    const { s } = await aStore();
    const me = await t.signedIn({ storeId: s.id, permission: '' });
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: me.clerk.id, hirerPhoneNumber: '13812345678' });
    expect((await op(d.id, 'get-hirer-phone', me.headers)).json()).toEqual({ hirer_phone_number: '13812345678' });
    expect((await op(d.id, 'get-installed-app-list', me.headers)).statusCode).toBe(200);
    expect((await logsOf(d.id)).map((l) => l.action).sort()).toEqual(['get-hirer-phone', 'get-installed-app-list']);
    expect((await commandsOf(d.id)).map((c) => c.type)).toEqual(['get-installed-app-list']);
  });
});
