import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbmStatus, ActivationLockStatus, EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import type { MockDep, MockEscrowUnlock } from '@lease/device-sim';
import { mdmCommand, mdmEnrollment, mdmIdentity } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import { TEST_PASSWORD } from '../../test/build-test-app.ts';
import { type AppleServicesHarness, startAppleServicesHarness } from '../../test/apple-services-harness.ts';
import { type MdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { seedAbmToken } from '../abm/abm.test-kit.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { iosWallpaperScreen } from '../ios-settings/ios-settings.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { oneClickUnlockRun } from './one-click-unlock.table.ts';

/*
 * Erase, remove the main profile and ABM unbind against a simulated iPhone (real MDM protocol) and the DEP
 * stand-in: the phone's state changes as a real phone's would, and the device record follows its answers.
 */

const ABM_SERIALS = ['F2LREL000001', 'F2LREL000002'];
let stage: AppleServicesHarness;
let h: MdmHarness;
let dep: MockDep;
let escrow: MockEscrowUnlock;
let storeId: string;
let headers: { authorization: string };
beforeAll(async () => {
  // Apple's escrow-key unlock stand-in lifts what the DEP stand-in locked: one-click unlock turns Activation Lock off.
  stage = await startAppleServicesHarness(ABM_SERIALS);
  ({ h, dep, escrow } = stage);
  storeId = (await h.t.newStore({ storeName: '华强北租机店' })).id;
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
});
afterAll(() => stage.close());

const db = () => h.t.db;
const post = (name: string, payload: object) => h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers, payload });
const device = async (id: string) => (await db().select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await db().select().from(operationLog).where(eq(operationLog.id, id)))[0];
const enrollment = async (id: string) => (await db().select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, id)))[0];
const usedSlots = async () => (await db().select({ n: store.usedDeviceCount }).from(store).where(eq(store.id, storeId)))[0].n;

async function enrolledPhone(options: Parameters<MdmHarness['newPhone']>[1] = {}) {
  const { phone, deviceId } = await h.newPhone(headers, { apps: ['com.tencent.xin', 'com.taobao.taobao4iphone'], ...options });
  await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
  return { phone, deviceId };
}

/** connectAbm uploads the store's ABM token once (its first sync gives the phones already registered their ABM status). */
async function connectAbm() {
  if (!(await h.t.abm.gateway.clientFor(storeId))) await seedAbmToken(h.t, storeId, dep);
}

async function finished(operationLogId: string) {
  return waitFor(async () => {
    const row = await operation(operationLogId);
    return row.status === OperationStatus.DONE || row.status === OperationStatus.FAILED ? row : null;
  });
}

describe('erase', () => {
  it('wipes the phone, which comes back enrolled by Return to Service: same record, new identity, state reset', async () => {
    const { phone, deviceId } = await enrolledPhone();
    const lock = (await post('lock', { device_id: deviceId, message: '请联系门店' })).json();
    await finished(lock.operation_log_id);
    expect(phone.state.lostMode.enabled).toBe(true);
    const before = await enrollment(deviceId);
    const slots = await usedSlots();
    await db().insert(iosWallpaperScreen).values({ deviceId, screen: 1, wallpaperName: '还款提醒' });

    const res = await post('erase', { device_id: deviceId, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const done = await finished(res.json().operation_log_id);
    expect(done).toMatchObject({ status: OperationStatus.DONE, result: '设备已抹掉，正在通过“返回服务”自动重新接入门店管理' });

    // The phone erased itself and enrolled again with the profile the command carried.
    await waitFor(
      async () =>
        phone.state.erasedCount === 1 && phone.enrollmentStatus === 'enrolled' && (await device(deviceId)).enrollmentStatus === EnrollmentStatus.ENROLLED,
    );
    expect(phone.state.apps).toEqual([]);
    expect(Object.keys(phone.state.profiles)).toEqual([`com.zujibao.mdm.${storeId}`]);
    // The erase does not end the store's lock (only unlock, release and the recycle bin do): it is locked again.
    await waitFor(() => phone.state.lostMode.enabled && phone.state.lostMode.message === '请联系门店');

    const after = await enrollment(deviceId);
    expect(after.certFingerprint).not.toBe(before.certFingerprint);
    expect(after).toMatchObject({ udid: phone.udid, enabled: true, released: false });
    expect(await device(deviceId)).toMatchObject({ appList: [], systemRestriction: {}, udid: phone.udid, lockIntent: { message: '请联系门店' } });
    await waitFor(async () => (await device(deviceId)).lockStatus === LockStatus.LOCKED);
    expect(await db().select().from(iosWallpaperScreen).where(eq(iosWallpaperScreen.deviceId, deviceId))).toEqual([]);
    expect(await usedSlots()).toBe(slots);

    // The new enrolment takes commands again.
    const reboot = (await post('reboot', { device_id: deviceId })).json();
    expect((await finished(reboot.operation_log_id)).status).toBe(OperationStatus.DONE);
    // The phone acknowledges RestartDevice before it restarts, so the count may lag the recorded answer.
    await waitFor(() => phone.state.rebootCount >= 2);
  });

  it('before iOS 17 outside ABM the erased phone is gone: the record says it left management', async () => {
    const { phone, deviceId } = await enrolledPhone({ osVersion: '16.7.2' });
    const res = (await post('erase', { device_id: deviceId, password: TEST_PASSWORD })).json();
    expect((await finished(res.operation_log_id)).result).toContain('已脱离门店管理');
    await waitFor(() => phone.state.erasedCount === 1);
    expect(phone.enrollmentStatus).toBe('unenrolled');
    expect(await device(deviceId)).toMatchObject({ enrollmentStatus: EnrollmentStatus.CHECKED_OUT, lockStatus: LockStatus.UNLOCKED });
    expect((await enrollment(deviceId)).enabled).toBe(false);
  });
});

describe('remove-main-profile', () => {
  it('the phone answers, then unenrols; the record is released and its slot freed', async () => {
    const { phone, deviceId } = await enrolledPhone();
    const slots = await usedSlots();
    const res = await post('remove-main-profile', { device_id: deviceId, password: TEST_PASSWORD });
    const done = await finished(res.json().operation_log_id);
    expect(done).toMatchObject({ status: OperationStatus.DONE, result: '管理描述文件已移除：设备不再受门店管理，占用的设备名额已释放' });
    await waitFor(() => phone.enrollmentStatus === 'unenrolled');
    expect(phone.state.enrollment.reason).toBe('server-removed');
    expect(phone.state.profiles[`com.zujibao.mdm.${storeId}`]).toBeUndefined();

    const row = await device(deviceId);
    // Released by the answer; the CheckOut the phone sends as it goes leaves it released.
    expect(row.enrollmentStatus).toBe(EnrollmentStatus.RELEASED);
    expect(await enrollment(deviceId)).toMatchObject({ enabled: false, released: true });
    const [identity] = await db().select().from(mdmIdentity).where(eq(mdmIdentity.deviceId, deviceId));
    expect(identity.releasedAt).not.toBeNull();
    expect(await usedSlots()).toBe(slots - 1);

    // Nothing more can be sent to it.
    const again = await post('reboot', { device_id: deviceId });
    expect(again.statusCode).toBe(409);

    // Leased out again, the same phone enrols through its link once more: same record, and a slot taken again.
    const link = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/${deviceId}`, headers })).json().enroll_link as string;
    const profile = await h.t.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${link.split('/enroll/')[1]}` });
    expect(profile.statusCode).toBe(200);
    await phone.enroll(profile.rawPayload);
    await waitFor(async () => (await device(deviceId)).enrollmentStatus === EnrollmentStatus.ENROLLED);
    expect(await usedSlots()).toBe(slots);
  });

  it('a refusal by the phone leaves it managed and says why', async () => {
    const { phone, deviceId } = await enrolledPhone();
    phone.errorFor('RemoveProfile', { code: 12020, domain: 'MCMDMErrorDomain', message: '描述文件不可移除' });
    const res = (await post('remove-main-profile', { device_id: deviceId, password: TEST_PASSWORD })).json();
    const done = await finished(res.operation_log_id);
    expect(done).toMatchObject({ status: OperationStatus.FAILED, result: '设备执行失败：描述文件不可移除（MCMDMErrorDomain 12020）' });
    expect(phone.enrollmentStatus).toBe('enrolled');
    expect((await device(deviceId)).enrollmentStatus).toBe(EnrollmentStatus.ENROLLED);
  });
});

describe('abm-unbind against the DEP stand-in', () => {
  it('disowns the serial in ABM and marks the record 已解绑; a wrong password or a serial Apple refuses changes nothing', async () => {
    const { deviceId } = await enrolledPhone({ serialNumber: ABM_SERIALS[0] });
    await connectAbm();
    expect((await device(deviceId)).abmStatus).toBe(AbmStatus.ASSIGNED);

    const wrong = await post('abm-unbind', { device_id: deviceId, password: 'Wrong#2026' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'SECPWD_MISMATCH']);
    expect(dep.disowned.size).toBe(0);

    const res = await post('abm-unbind', { device_id: deviceId, password: TEST_PASSWORD });
    expect(res.json()).toMatchObject({ status: OperationStatus.DONE, result: expect.stringContaining('已解除 ABM 绑定') });
    expect(dep.disowned.has(ABM_SERIALS[0])).toBe(true);
    expect(dep.requests.some((r) => r.path === '/devices/disown' && r.status === 200)).toBe(true);
    expect((await device(deviceId)).abmStatus).toBe(AbmStatus.REMOVED);
    expect(await operation(res.json().operation_log_id)).toMatchObject({ action: 'abm-unbind', status: OperationStatus.DONE });

    // A record the store thinks is in ABM but Apple does not know (another organisation's phone).
    const stray = await h.t.newIosDevice({ storeId, enrolled: true, abmStatus: AbmStatus.ASSIGNED });
    const refused = (await post('abm-unbind', { device_id: stray.id, password: TEST_PASSWORD })).json();
    expect(refused).toMatchObject({ status: OperationStatus.FAILED, result: expect.stringContaining('NOT_ACCESSIBLE') });
    expect((await device(stray.id)).abmStatus).toBe(AbmStatus.ASSIGNED);
  });
});

describe('one-click unlock (release a paid-off phone)', () => {
  type RunView = {
    status: string;
    operation_log_id: string;
    steps: { step: string; status: string; reason: string | null; operation_log_id: string | null }[];
  };
  const status = async (deviceId: string) => (await post('one-click-unlock-status', { device_id: deviceId })).json().run as RunView;
  const stepStates = (run: RunView) => Object.fromEntries(run.steps.map((s) => [s.step, s.status]));
  /** settled drives the run as the UI does (each status call moves it on) until it is done or failed. */
  const settled = (deviceId: string) =>
    waitFor(async () => {
      const run = await status(deviceId);
      return run.status === 'done' || run.status === 'failed' ? run : null;
    }, 15_000);

  async function lockedPhoneWithRestriction(options: Parameters<MdmHarness['newPhone']>[1] = {}) {
    const { phone, deviceId } = await enrolledPhone(options);
    const lock = (await post('lock', { device_id: deviceId, message: '租金逾期' })).json();
    const restrict = (await post('set-system-restriction', { device_id: deviceId, system_restriction: { allowCamera: false } })).json();
    await finished(lock.operation_log_id);
    expect((await finished(restrict.operation_log_id)).status).toBe(OperationStatus.DONE);
    return { phone, deviceId };
  }

  it('runs every needed step in order on the phone, keeping the hirer’s data; one run per device', async () => {
    const { phone, deviceId } = await lockedPhoneWithRestriction({ serialNumber: ABM_SERIALS[1] });
    await connectAbm();
    await h.t.db.update(iosDevice).set({ abmStatus: AbmStatus.PUSHED }).where(eq(iosDevice.id, deviceId));
    const lockedByAbm = (await post('turn-on-activation-lock', { device_id: deviceId, password: TEST_PASSWORD })).json();
    expect(lockedByAbm.status).toBe(OperationStatus.DONE);
    expect((await device(deviceId)).activationLockStatus).toBe(ActivationLockStatus.ON);
    const mark = phone.state.commandLog.length;
    const slots = await usedSlots();

    const pre = (await post('one-click-unlock-prevalidation', { device_id: deviceId, mode: 'keep-data' })).json();
    expect(pre.ok).toBe(true);
    expect(pre.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['run', 'run', 'run', 'run', 'run', 'skip', 'run']);

    // The hirer's screen is locked: the phone defers the first step, so the run waits on it.
    phone.notNowFor(['DisableLostMode']);
    expect((await device(deviceId)).lockIntent).toMatchObject({ message: '租金逾期' });
    const key = { 'idempotency-key': `ocu-${deviceId}` };
    const body = { device_id: deviceId, mode: 'keep-data', password: TEST_PASSWORD };
    const started = await h.t.app.inject({ method: 'POST', url: '/api/device/ios/command/one-click-unlock', headers: { ...headers, ...key }, payload: body });
    expect(started.statusCode).toBe(200);
    const run = started.json().run as RunView & { id: string };
    expect(run.status).toBe('running');
    // Releasing ends the store's lock at once: no erase or re-enrolment on the way locks the phone again.
    expect((await device(deviceId)).lockIntent).toBeNull();
    expect(stepStates(run)).toMatchObject({ device_unlock: 'running', turn_off_activation_lock: 'pending', erase_device: 'skipped' });
    const replay = await h.t.app.inject({ method: 'POST', url: '/api/device/ios/command/one-click-unlock', headers: { ...headers, ...key }, payload: body });
    expect(replay.json().run.id).toBe(run.id);
    const second = await post('one-click-unlock', body);
    expect([second.statusCode, second.json().message]).toEqual([409, '该设备正在执行结清释放，请等待完成']);

    phone.setUserLocked(false);
    // Nobody watches: the job moves the run on as the phone answers.
    await waitFor(async () => {
      await h.t.oneClickUnlock.advanceRunning();
      const [row] = await db().select({ status: oneClickUnlockRun.status }).from(oneClickUnlockRun).where(eq(oneClickUnlockRun.id, run.id));
      return row.status === 'done';
    }, 15_000);
    const done = await status(deviceId);
    expect(stepStates(done)).toEqual({
      device_unlock: 'done',
      set_system_restriction: 'done',
      turn_off_activation_lock: 'done',
      abm_unbind: 'done',
      remove_main_profile: 'done',
      erase_device: 'skipped',
      move_in_recycle_bin: 'done',
    });
    expect(escrow.unlocked.map((a) => [a.serial, a.opened])).toEqual([[ABM_SERIALS[1], 'abm']]);
    expect(dep.activationLocks.has(ABM_SERIALS[1])).toBe(false);

    // On the phone: out of lost mode, restrictions lifted (their profile removed), then the MDM profile — in that order.
    const acknowledged = phone.state.commandLog.slice(mark).filter((c) => c.status === 'Acknowledged' && c.requestType !== 'DeviceInformation');
    expect(acknowledged.map((c) => c.requestType)).toEqual(['DisableLostMode', 'RemoveProfile', 'RemoveProfile']);
    const rows = await db().select({ id: mdmCommand.id, payload: mdmCommand.payload }).from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
    const identifierOf = new Map(rows.map((r) => [r.id.toLowerCase(), (parsePlistDict(r.payload).Command as { Identifier?: string }).Identifier]));
    expect(acknowledged.slice(1).map((c) => identifierOf.get(c.commandUuid.toLowerCase()))).toEqual([
      managedProfileId('restrictions'),
      `com.zujibao.mdm.${storeId}`,
    ]);
    await waitFor(() => phone.enrollmentStatus === 'unenrolled');
    expect(phone.state.lostMode.enabled).toBe(false);
    expect(phone.state.erasedCount).toBe(0);
    expect(dep.disowned.has(ABM_SERIALS[1])).toBe(true);
    expect(await device(deviceId)).toMatchObject({
      abmStatus: AbmStatus.REMOVED,
      activationLockStatus: ActivationLockStatus.OFF,
      recycledStatus: 1,
      lockStatus: LockStatus.UNLOCKED,
    });
    expect(await operation(done.operation_log_id)).toMatchObject({
      action: 'one-click-unlock',
      status: OperationStatus.DONE,
      result: '结清释放完成：执行 6 步，跳过 1 步',
    });
    // The slot came back with the release, once: deleting the record from the recycle bin later gives back nothing more.
    expect(await usedSlots()).toBe(slots - 1);
    expect((await post('remove', { device_id: deviceId })).statusCode).toBe(200);
    expect(await usedSlots()).toBe(slots - 1);
  });

  it('is blocked by prevalidation when the clerk may not do a needed step: nothing runs', async () => {
    const { phone, deviceId } = await lockedPhoneWithRestriction();
    const clerk = await h.t.signedIn({ storeId, permission: 'Aa3,Ab22,Ab5,Ab20,Ab21' });
    const pre = (
      await h.t.app.inject({
        method: 'POST',
        url: '/api/device/ios/command/one-click-unlock-prevalidation',
        headers: clerk.headers,
        payload: { device_id: deviceId, mode: 'keep-data' },
      })
    ).json();
    expect(pre.ok).toBe(false);
    expect(pre.steps[1]).toMatchObject({ step: 'set_system_restriction', verdict: 'cannot', reason: '没有“设置系统限制”权限（Ab17）' });
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/one-click-unlock',
      headers: clerk.headers,
      payload: { device_id: deviceId, mode: 'keep-data', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('解除全部系统限制——没有“设置系统限制”权限（Ab17）');
    expect(await status(deviceId)).toBeNull();
    expect(phone.state.lostMode.enabled).toBe(true);
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKED);
  });

  it('stops at a step the phone refuses, shows why, and resumes from that step', async () => {
    const { phone, deviceId } = await lockedPhoneWithRestriction();
    phone.errorFor('EraseDevice', { code: 12057, domain: 'MCMDMErrorDomain', message: '设备忙，无法抹掉' });
    const started = await post('one-click-unlock', { device_id: deviceId, mode: 'erase', password: TEST_PASSWORD });
    expect(started.statusCode).toBe(200);
    const failed = await settled(deviceId);
    expect(failed.status).toBe('failed');
    expect(stepStates(failed)).toEqual({
      device_unlock: 'done',
      set_system_restriction: 'done',
      turn_off_activation_lock: 'skipped',
      abm_unbind: 'skipped',
      remove_main_profile: 'skipped',
      erase_device: 'failed',
      move_in_recycle_bin: 'pending',
    });
    const erase = failed.steps.find((s) => s.step === 'erase_device')!;
    expect(erase.reason).toBe('设备执行失败：设备忙，无法抹掉（MCMDMErrorDomain 12057）');
    expect((await operation(failed.operation_log_id)).result).toBe('第 6 步「抹掉设备」失败：设备执行失败：设备忙，无法抹掉（MCMDMErrorDomain 12057）');
    expect(phone.state.erasedCount).toBe(0);
    expect((await device(deviceId)).recycledStatus).toBe(0);

    const wrong = await post('one-click-unlock-resume', { device_id: deviceId, password: 'Wrong#2026' });
    expect(wrong.json().code).toBe('SECPWD_MISMATCH');
    phone.errorFor('EraseDevice', undefined);
    const resumed = await post('one-click-unlock-resume', { device_id: deviceId, password: TEST_PASSWORD });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().run.steps.find((s: { step: string }) => s.step === 'device_unlock').operation_log_id).toBe(failed.steps[0].operation_log_id);
    const done = await settled(deviceId);
    expect(done.status).toBe('done');
    expect(stepStates(done)).toMatchObject({ erase_device: 'done', move_in_recycle_bin: 'done' });
    expect(done.steps.find((s) => s.step === 'erase_device')!.operation_log_id).not.toBe(erase.operation_log_id);

    // Erased and released for good: no Return to Service, the record released and in the recycle bin.
    await waitFor(() => phone.state.erasedCount === 1);
    expect(phone.enrollmentStatus).toBe('unenrolled');
    expect(await device(deviceId)).toMatchObject({ enrollmentStatus: EnrollmentStatus.RELEASED, recycledStatus: 1 });
    expect((await operation(done.operation_log_id)).status).toBe(OperationStatus.DONE);
  });
});
