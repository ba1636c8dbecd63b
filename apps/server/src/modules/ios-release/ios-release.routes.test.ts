import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbmStatus, EnrollmentStatus, LockStatus, OperationStatus, Perm } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { validateCommand } from '../../mdm/apple/schema/validate.ts';
import { TEST_PASSWORD, type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { oneClickUnlockRun, oneClickUnlockStep } from './one-click-unlock.table.ts';

/*
 * The release routes without a phone: who may call them, the password, store scoping, Chinese validation and
 * the EraseDevice command each case queues. The phone's side is in ios-release.e2e.test.ts and one-click-unlock.e2e.test.ts.
 */

let t: TestApp;
let shared: { store: { id: string }; admin: Awaited<ReturnType<TestApp['signedIn']>>; attacker: Awaited<ReturnType<TestApp['signedIn']>> };
beforeAll(async () => {
  t = await buildTestApp();
  const s = await t.newStore();
  // One store and admin for the tests that only need a fresh device: signing clerks in is the slow part.
  shared = { store: s, admin: await t.signedIn({ storeId: s.id, isAdmin: true }), attacker: await t.signedIn({ isAdmin: true }) };
});
afterAll(() => t.close());

type Headers = { authorization: string };
const post = (url: string, headers: Headers, payload: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/device/ios/command/${url}`, headers: { ...headers, ...extra }, payload });
const commandsOf = (deviceId: string) => t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
const opsOf = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));
const deviceRow = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];

/** ROUTES: each release route, its permission code and a body that passes validation. */
const ROUTES: [string, Perm, (id: string) => object][] = [
  ['erase', Perm.APPLE_WIPE, (id) => ({ device_id: id, password: TEST_PASSWORD })],
  ['abm-unbind', Perm.APPLE_ABM_UNBIND, (id) => ({ device_id: id, password: TEST_PASSWORD })],
  ['remove-main-profile', Perm.APPLE_REMOVE_MAIN_PROFILE, (id) => ({ device_id: id, password: TEST_PASSWORD })],
  ['one-click-unlock-prevalidation', Perm.APPLE_ONE_CLICK_UNLOCK, (id) => ({ device_id: id })],
  ['one-click-unlock', Perm.APPLE_ONE_CLICK_UNLOCK, (id) => ({ device_id: id, mode: 'keep-data', password: TEST_PASSWORD })],
  ['one-click-unlock-status', Perm.APPLE_ONE_CLICK_UNLOCK, (id) => ({ device_id: id })],
  ['one-click-unlock-resume', Perm.APPLE_ONE_CLICK_UNLOCK, (id) => ({ device_id: id, password: TEST_PASSWORD })],
];
const RELEASE_PERMS = [Perm.APPLE_WIPE, Perm.APPLE_ABM_UNBIND, Perm.APPLE_REMOVE_MAIN_PROFILE, Perm.APPLE_ONE_CLICK_UNLOCK];

async function storeWithDevice(values: Partial<typeof iosDevice.$inferInsert> = {}, smsVerifySwitch = false) {
  const s = smsVerifySwitch ? await t.newStore({ smsVerifySwitch }) : shared.store;
  const admin = smsVerifySwitch ? await t.signedIn({ storeId: s.id, isAdmin: true }) : shared.admin;
  const device = await t.newIosDevice({ storeId: s.id, enrolled: true, osVersion: '17.5.1', lockStatus: LockStatus.LOCKED, ...values });
  return { store: s, admin, device };
}

describe('permission codes (spec §3)', () => {
  it.each(ROUTES)('%s needs %s: without it 403 PERMISSION_DENIED and nothing happens', async (name, perm, body) => {
    const { store: s, device } = await storeWithDevice();
    const others = RELEASE_PERMS.filter((p) => p !== perm);
    const clerk = await t.signedIn({ storeId: s.id, permission: [Perm.APPLE_LIST_VIEW_ALL, ...others].join(',') });
    const res = await post(name, clerk.headers, body(device.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    expect(await commandsOf(device.id)).toHaveLength(0);
    expect(await opsOf(device.id)).toHaveLength(0);
  });

  it('lets a clerk holding only the code in (not an admin)', async () => {
    const { store: s, device } = await storeWithDevice();
    const clerk = await t.signedIn({ storeId: s.id, permission: [Perm.APPLE_LIST_VIEW_ALL, Perm.APPLE_WIPE].join(',') });
    expect((await post('erase', clerk.headers, { device_id: device.id, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('store scope', () => {
  it.each(ROUTES)('%s on another store’s device answers 404 and changes nothing', async (name, _perm, body) => {
    const { device } = await storeWithDevice({ abmStatus: AbmStatus.ASSIGNED });
    const res = await post(name, shared.attacker.headers, body(device.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('设备不存在');
    expect(await commandsOf(device.id)).toHaveLength(0);
    expect(await opsOf(device.id)).toHaveLength(0);
    expect(await deviceRow(device.id)).toMatchObject({ enrollmentStatus: EnrollmentStatus.ENROLLED, abmStatus: AbmStatus.ASSIGNED, recycledStatus: 0 });
  });
});

describe('password (DESIGN §4)', () => {
  it.each(['erase', 'remove-main-profile', 'one-click-unlock'])('%s with a wrong password: 403 SECPWD_MISMATCH, nothing queued', async (name) => {
    const { admin, device } = await storeWithDevice();
    const res = await post(name, admin.headers, { device_id: device.id, mode: 'keep-data', password: 'Wrong#2026' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SECPWD_MISMATCH', message: '密码错误' });
    expect(await commandsOf(device.id)).toHaveLength(0);
    expect(await opsOf(device.id)).toHaveLength(0);
    expect(await t.db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.deviceId, device.id))).toHaveLength(0);
  });

  it('asks for the SMS code when the store’s switch is on, and accepts a fresh one', async () => {
    const { admin, device } = await storeWithDevice({}, true);
    const missing = await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('门店已开启短信验证，请输入短信验证码');
    expect(await commandsOf(device.id)).toHaveLength(0);
    await t.app.inject({ method: 'POST', url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'sensitive' } });
    const code = await t.lastSmsCode(admin.clerk.phoneNumber);
    expect((await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD, sms_code: code })).statusCode).toBe(200);
  });

  it('clear-passcode goes through the same guard: the SMS code too when the switch is on', async () => {
    const { admin, device } = await storeWithDevice({}, true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/clear-passcode',
      headers: admin.headers,
      payload: { device_id: device.id, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('门店已开启短信验证，请输入短信验证码');
    expect(await commandsOf(device.id)).toHaveLength(0);
  });
});

describe('validation in Chinese (400, nothing changed)', () => {
  it.each([
    ['erase', { password: TEST_PASSWORD, device_id: 'not-a-uuid' }, '无效的 ID'],
    ['erase', { device_id: '' }, '请输入登录密码或二级密码'],
    ['erase', { password: TEST_PASSWORD, preserve_data_plan: 'yes' }, '“保留蜂窝数据套餐”应为是或否'],
    ['erase', { password: TEST_PASSWORD, sms_code: '12ab' }, '验证码'],
    ['remove-main-profile', { password: '' }, '请输入登录密码或二级密码'],
    ['one-click-unlock', { password: TEST_PASSWORD }, '请选择释放方式：保留数据或抹掉设备'],
    ['one-click-unlock', { password: TEST_PASSWORD, mode: 'wipe-all' }, '请选择释放方式：保留数据或抹掉设备'],
    ['one-click-unlock-prevalidation', { mode: 'both' }, '请选择释放方式：保留数据或抹掉设备'],
  ])('%s %j → %s', async (name, extra, message) => {
    const { admin, device } = await storeWithDevice();
    const res = await post(name, admin.headers, { device_id: device.id, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await commandsOf(device.id)).toHaveLength(0);
    expect(await opsOf(device.id)).toHaveLength(0);
  });
});

describe('erase', () => {
  const erasePayload = async (deviceId: string) => {
    const [cmd] = await commandsOf(deviceId);
    expect(cmd).toMatchObject({ requestType: 'EraseDevice', priority: 10 });
    const plist = parsePlistDict(cmd.payload);
    expect(validateCommand(plist)).toEqual([]);
    return plist.Command as Record<string, unknown>;
  };

  it('carries the phone’s own enrolment profile for Return to Service on iOS 17+, with the options chosen', async () => {
    const { admin, device } = await storeWithDevice({ osVersion: '17.5.1' });
    const res = await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD, preserve_data_plan: true, disallow_proximity_setup: true });
    expect(res.json()).toMatchObject({ status: OperationStatus.QUEUED, replayed: false });
    const command = await erasePayload(device.id);
    expect(command).toMatchObject({ PreserveDataPlan: true, DisallowProximitySetup: true, ReturnToService: { Enabled: true } });
    const profile = (command.ReturnToService as { MDMProfileData: Buffer }).MDMProfileData;
    // A CMS-signed .mobileconfig whose MDM payload names this store's enrolment identifier.
    expect(profile.includes(Buffer.from(`com.zujibao.mdm.${device.storeId}`))).toBe(true);
    const [op] = await opsOf(device.id);
    expect(op).toMatchObject({ action: 'erase', status: OperationStatus.QUEUED, detail: { reenrol: 'return-to-service', preserve_data_plan: true } });
  });

  it.each([
    ['outside ABM stays unmanaged', AbmStatus.NONE, 'none'],
    ['in ABM re-enrols through Setup Assistant', AbmStatus.PUSHED, 'abm'],
  ])('before iOS 17 a phone %s: a plain erase', async (_name, abmStatus, reenrol) => {
    const { admin, device } = await storeWithDevice({ osVersion: '16.7.2', abmStatus });
    expect((await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD })).statusCode).toBe(200);
    const command = await erasePayload(device.id);
    expect(command.ReturnToService).toBeUndefined();
    expect(command).toMatchObject({ PreserveDataPlan: false, DisallowProximitySetup: false });
    expect((await opsOf(device.id))[0].detail).toMatchObject({ reenrol });
  });

  it('queues once for one Idempotency-Key', async () => {
    const { admin, device } = await storeWithDevice();
    const key = { 'idempotency-key': `erase-${device.id}` };
    const first = (await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD }, key)).json();
    const again = (await post('erase', admin.headers, { device_id: device.id, password: TEST_PASSWORD }, key)).json();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await commandsOf(device.id)).toHaveLength(1);
  });

  it('refuses a phone that is not managed, or in the recycle bin', async () => {
    const { admin, store: s } = await storeWithDevice();
    const registered = await t.newIosDevice({ storeId: s.id });
    const recycled = await t.newIosDevice({ storeId: s.id, enrolled: true, recycledStatus: 1 });
    const a = await post('erase', admin.headers, { device_id: registered.id, password: TEST_PASSWORD });
    expect([a.statusCode, a.json().message]).toEqual([409, '设备尚未接入管理，无法下发指令']);
    const b = await post('erase', admin.headers, { device_id: recycled.id, password: TEST_PASSWORD });
    expect([b.statusCode, b.json().message]).toEqual([409, '设备在回收站中，请先移出']);
  });
});

describe('remove-main-profile', () => {
  it('queues RemoveProfile of the store’s enrolment profile', async () => {
    const { admin, device } = await storeWithDevice();
    expect((await post('remove-main-profile', admin.headers, { device_id: device.id, password: TEST_PASSWORD })).statusCode).toBe(200);
    const [cmd] = await commandsOf(device.id);
    const plist = parsePlistDict(cmd.payload);
    expect(validateCommand(plist)).toEqual([]);
    expect(plist.Command).toEqual({ RequestType: 'RemoveProfile', Identifier: `com.zujibao.mdm.${device.storeId}` });
  });
});

describe('abm-unbind refusals', () => {
  it('says plainly when the store has no ABM token, and when the phone is not in ABM', async () => {
    const { admin, device, store: s } = await storeWithDevice({ abmStatus: AbmStatus.ASSIGNED });
    const noToken = await post('abm-unbind', admin.headers, { device_id: device.id, password: TEST_PASSWORD });
    expect(noToken.statusCode).toBe(409);
    expect(noToken.json().message).toContain('门店未配置 ABM');
    const outside = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const notInAbm = await post('abm-unbind', admin.headers, { device_id: outside.id, password: TEST_PASSWORD });
    expect([notInAbm.statusCode, notInAbm.json().message]).toEqual([409, '设备未绑定 ABM，无需解除']);
    expect(await opsOf(device.id)).toHaveLength(0);
    expect((await deviceRow(device.id)).abmStatus).toBe(AbmStatus.ASSIGNED);
  });
});

describe('one-click unlock prevalidation', () => {
  it('lists every step with run / skip / cannot and the reasons', async () => {
    const { admin, device } = await storeWithDevice({ systemRestriction: { allowCamera: false }, abmStatus: AbmStatus.ASSIGNED });
    const res = (await post('one-click-unlock-prevalidation', admin.headers, { device_id: device.id, mode: 'keep-data' })).json();
    expect(res.ok).toBe(false);
    expect(res.steps.map((s: { step: string; verdict: string; reason: string | null }) => [s.step, s.verdict, s.reason])).toEqual([
      ['device_unlock', 'run', null],
      ['set_system_restriction', 'run', null],
      ['turn_off_activation_lock', 'skip', '设备未开启激活锁'],
      ['abm_unbind', 'cannot', '门店未配置 ABM（Apple 商务管理）服务器令牌'],
      ['remove_main_profile', 'run', null],
      ['erase_device', 'skip', '已选择保留数据'],
      ['move_in_recycle_bin', 'run', null],
    ]);
  });

  it('names the missing permission of a step, and refuses to start a blocked run', async () => {
    const { store: s, device } = await storeWithDevice();
    const clerk = await t.signedIn({
      storeId: s.id,
      permission: [Perm.APPLE_LIST_VIEW_ALL, Perm.APPLE_ONE_CLICK_UNLOCK, Perm.APPLE_REMOVE_MAIN_PROFILE, Perm.APPLE_ARCHIVED].join(','),
    });
    const pre = (await post('one-click-unlock-prevalidation', clerk.headers, { device_id: device.id, mode: 'keep-data' })).json();
    expect(pre.steps[0]).toMatchObject({ step: 'device_unlock', verdict: 'cannot', reason: '没有“解锁（退出丢失模式）”权限（Ab5）' });
    const start = await post('one-click-unlock', clerk.headers, { device_id: device.id, mode: 'keep-data', password: TEST_PASSWORD });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toContain('没有“解锁（退出丢失模式）”权限（Ab5）');
    expect(await opsOf(device.id)).toHaveLength(0);
  });

  it('skips MDM steps for a phone no longer managed, but cannot erase it', async () => {
    const { admin, device } = await storeWithDevice({ enrollmentStatus: EnrollmentStatus.CHECKED_OUT });
    const keep = (await post('one-click-unlock-prevalidation', admin.headers, { device_id: device.id, mode: 'keep-data' })).json();
    expect(keep.ok).toBe(true);
    expect(keep.steps.filter((s: { verdict: string }) => s.verdict === 'run').map((s: { step: string }) => s.step)).toEqual(['move_in_recycle_bin']);
    const erase = (await post('one-click-unlock-prevalidation', admin.headers, { device_id: device.id, mode: 'erase' })).json();
    expect(erase.ok).toBe(false);
    expect(erase.steps[5]).toMatchObject({ step: 'erase_device', verdict: 'cannot', reason: '设备未接入管理，无法远程抹掉' });
  });

  it('cannot reach a phone whose push token is dead', async () => {
    const { admin, device } = await storeWithDevice();
    await t.db.execute(`update mdm_enrollment set push_dead = true where device_id = '${device.id}'`);
    const res = (await post('one-click-unlock-prevalidation', admin.headers, { device_id: device.id, mode: 'erase' })).json();
    expect(res.steps[0]).toMatchObject({ verdict: 'cannot', reason: '设备无法被唤醒（离线过久或推送令牌失效），请让设备联网后重试' });
  });

  it('answers a device that never had a run with null', async () => {
    const { admin, device } = await storeWithDevice();
    expect((await post('one-click-unlock-status', admin.headers, { device_id: device.id })).json()).toEqual({ run: null });
    const resume = await post('one-click-unlock-resume', admin.headers, { device_id: device.id, password: TEST_PASSWORD });
    expect([resume.statusCode, resume.json().message]).toEqual([409, '该设备没有可继续的结清释放']);
    expect(
      await t.db
        .select()
        .from(oneClickUnlockRun)
        .where(and(eq(oneClickUnlockRun.deviceId, device.id))),
    ).toHaveLength(0);
  });
});

describe('one-click unlock runs: several processes, restarts', () => {
  const runOf = async (deviceId: string) =>
    (await t.db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.deviceId, deviceId)).orderBy(oneClickUnlockRun.dateCreated)).at(-1)!;
  const stepsOf = (runId: string) => t.db.select().from(oneClickUnlockStep).where(eq(oneClickUnlockStep.runId, runId)).orderBy(oneClickUnlockStep.position);

  it('starts a step once however many processes advance the run at the same time', async () => {
    const { admin, device } = await storeWithDevice();
    const started = (await post('one-click-unlock', admin.headers, { device_id: device.id, mode: 'keep-data', password: TEST_PASSWORD })).json();
    expect(started.run.steps[0]).toMatchObject({ step: 'device_unlock', status: 'running', operation_log_id: expect.any(String) });
    // The phone answered the unlock; four processes now race to start the next needed step.
    await t.db.update(operationLog).set({ status: OperationStatus.DONE }).where(eq(operationLog.id, started.run.steps[0].operation_log_id));
    await Promise.all([1, 2, 3, 4].map(() => t.oneClickUnlock.advance(started.run.id)));
    expect((await commandsOf(device.id)).map((c) => c.requestType).sort()).toEqual(['DisableLostMode', 'RemoveProfile']);
    const steps = await stepsOf(started.run.id);
    expect(steps.map((s) => [s.step, s.status, s.attempt])).toEqual([
      ['device_unlock', 'done', 1],
      ['set_system_restriction', 'skipped', 0],
      ['turn_off_activation_lock', 'skipped', 0],
      ['abm_unbind', 'skipped', 0],
      ['remove_main_profile', 'running', 1],
      ['erase_device', 'skipped', 0],
      ['move_in_recycle_bin', 'pending', 0],
    ]);
  });

  it('fails a step whose process died between claiming it and starting it, and resumes it as a new attempt', async () => {
    const { admin, device } = await storeWithDevice();
    const started = (await post('one-click-unlock', admin.headers, { device_id: device.id, mode: 'keep-data', password: TEST_PASSWORD })).json();
    // As if the process had stopped right after the claim: running, no operation, claimed long ago.
    await t.db
      .update(oneClickUnlockStep)
      .set({ operationLogId: null, startedAt: new Date(Date.now() - 5 * 60_000) })
      .where(and(eq(oneClickUnlockStep.runId, started.run.id), eq(oneClickUnlockStep.position, 0)));
    await t.oneClickUnlock.advanceRunning();
    const failed = (await post('one-click-unlock-status', admin.headers, { device_id: device.id })).json().run;
    expect(failed.status).toBe('failed');
    expect(failed.steps[0]).toMatchObject({ status: 'failed', reason: '执行被中断（服务重启或出错），请点击“继续”重试此步骤' });

    const resumed = (await post('one-click-unlock-resume', admin.headers, { device_id: device.id, password: TEST_PASSWORD })).json().run;
    expect(resumed.status).toBe('running');
    expect(resumed.steps[0]).toMatchObject({ status: 'running', reason: null });
    expect((await stepsOf(started.run.id))[0].attempt).toBe(2);
    // The unlock of the new attempt replaces the one queued before the "crash".
    const queued = (await commandsOf(device.id)).filter((c) => c.requestType === 'DisableLostMode');
    expect(queued.map((c) => c.status).sort()).toEqual(['cancelled', 'queued']);
    const again = await post('one-click-unlock-resume', admin.headers, { device_id: device.id, password: TEST_PASSWORD });
    expect([again.statusCode, again.json().message]).toEqual([409, '结清释放正在执行中，无需继续']);
  });

  it('a new run replaces a failed one (choosing again), never a running one', async () => {
    const { admin, device } = await storeWithDevice();
    const first = (await post('one-click-unlock', admin.headers, { device_id: device.id, mode: 'keep-data', password: TEST_PASSWORD })).json().run;
    await t.db.update(oneClickUnlockRun).set({ status: 'failed' }).where(eq(oneClickUnlockRun.id, first.id));
    const second = await post('one-click-unlock', admin.headers, { device_id: device.id, mode: 'erase', password: TEST_PASSWORD });
    expect(second.statusCode).toBe(200);
    expect(second.json().run).toMatchObject({ mode: 'erase', status: 'running' });
    expect((await t.db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.id, first.id)))[0].status).toBe('superseded');
    expect((await runOf(device.id)).id).toBe(second.json().run.id);
  });
});
