import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, LockStatus, OperationStatus } from '@lease/shared';
import { type MockDep, type SimulatedIphone, createSimulatedIphone, startMockDep } from '@lease/device-sim';
import sharp from 'sharp';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { depEnrollUrl } from '../abm/abm-sync.ts';
import { seedAbmToken } from '../abm/abm.test-kit.ts';

const ABM_SERIAL = 'F2LRELOCK001';

let h: MdmHarness;
let dep: MockDep;
let storeId: string;
let headers: { authorization: string };
beforeAll(async () => {
  dep = await startMockDep({ devices: [{ serial_number: ABM_SERIAL, model: 'iPhone 15', color: 'BLACK' }] });
  h = await startMdmHarness({ DEP_ORIGIN: dep.origin });
  storeId = (await h.t.newStore()).id;
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
  // The store takes webhooks, so the outbox shows what it would be told.
  await h.t.db.insert(storeApiSetting).values({ storeId, enabled: true, callbackUrl: 'https://erp.example.com/hook' });
  await seedAbmToken(h.t, storeId, dep);
});
afterAll(async () => {
  await h.close();
  await dep.close();
});

const post = (name: string, payload: object) => h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers, payload });
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const relocks = (deviceId: string) =>
  h.t.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.action, 'relock')));
const events = async (deviceId: string, type: string) =>
  (
    await h.t.db
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.deviceId, deviceId), eq(webhookEvent.type, type)))
  ).length;
/** sinceMark is what the phone was handed after `mark`, in order (its own log survives the erase). */
const sinceMark = (phone: SimulatedIphone, mark: number) => phone.state.commandLog.slice(mark).map((c) => c.requestType);

/** lockedOnRecordOnly: the store's lock is on record while the phone is not in Lost Mode (it left by a way the server missed). */
const lockedOnRecordOnly = (deviceId: string) =>
  h.t.db
    .update(iosDevice)
    .set({ lockStatus: LockStatus.LOCKED, lockIntent: { message: '请归还设备', since: new Date().toISOString() } })
    .where(eq(iosDevice.id, deviceId));

const LOCK = { message: '租金逾期，请联系门店', phone_number: '4008001234', footnote: '华强北租机店' };

/** lockPhone locks through the console and waits for the phone to be in Lost Mode and the record to say so. */
async function lockPhone(phone: SimulatedIphone, deviceId: string) {
  expect((await post('lock', { device_id: deviceId, ...LOCK })).statusCode).toBe(200);
  await waitFor(() => phone.state.lostMode.enabled);
  await waitFor(async () => (await device(deviceId)).lockStatus === LockStatus.LOCKED);
  expect((await device(deviceId)).lockIntent).toMatchObject({ ...LOCK, since: expect.any(String) });
}

/** expectRelocked: in Lost Mode again with the store's lock screen, served first after TokenUpdate, and said so. */
async function expectRelocked(phone: SimulatedIphone, deviceId: string, mark: number) {
  await waitFor(() => phone.state.lostMode.enabled);
  expect(phone.state.lostMode).toMatchObject({ message: LOCK.message, phoneNumber: LOCK.phone_number, footnote: LOCK.footnote });
  expect(sinceMark(phone, mark)[0]).toBe('EnableLostMode');
  const [op] = await waitFor(async () => {
    const rows = await relocks(deviceId);
    return rows[0]?.status === OperationStatus.DONE ? rows : null;
  });
  expect(op).toMatchObject({ clerkId: null, platform: 'ios', result: '设备被抹掉后重新注册，已自动重新锁定', detail: { reason: 're-enrolled' } });
  expect(await events(deviceId, 'device.relocked')).toBe(1);
  await waitFor(async () => {
    const d = await device(deviceId);
    return d.lockStatus === LockStatus.LOCKED && d.lostModeReported === true;
  });
}

describe('a phone the store holds locked comes back locked', () => {
  it('hirer erase, then Return to Service: locked again first; after unlock a further erase leaves it unlocked', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await lockPhone(phone, deviceId);
    // What Return to Service hands the phone: the store's enrolment profile for this device.
    const profile = () => h.t.app.mdm.profiles.profileFor({ storeId, clerkId: null, deviceId }, '门店');

    await phone.eraseByHirer();
    expect(phone.state.lostMode.enabled).toBe(false);
    expect(phone.enrollmentStatus).toBe('unenrolled');
    let mark = phone.state.commandLog.length;
    await phone.enroll(await profile());
    await expectRelocked(phone, deviceId, mark);

    // Unlock ends the store's lock: the next erase brings the phone back unlocked, with no relock.
    await post('unlock', { device_id: deviceId });
    await waitFor(async () => !phone.state.lostMode.enabled && (await device(deviceId)).lockStatus === LockStatus.UNLOCKED);
    expect((await device(deviceId)).lockIntent).toBeNull();
    await phone.eraseByHirer();
    mark = phone.state.commandLog.length;
    await phone.enroll(await profile());
    await waitFor(() => sinceMark(phone, mark).includes('DeviceInformation'));
    await phone.whenIdle();
    expect(sinceMark(phone, mark)).not.toContain('EnableLostMode');
    expect(phone.state.lostMode.enabled).toBe(false);
    expect(await relocks(deviceId)).toHaveLength(1);
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
  });

  it('the relock is written with the enrolment itself: a failure there records neither, the retried enrolment both', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await lockPhone(phone, deviceId);
    const profile = () => h.t.app.mdm.profiles.profileFor({ storeId, clerkId: null, deviceId }, '门店');
    // A step after the relock, in the same transaction: it sees the relock already queued there, then fails once, as
    // a crash mid-enrolment would, taking the enrolment and the relock back together.
    const seen: boolean[] = [];
    h.t.app.mdm.onEnrolledInTx(async (tx, id) => {
      if (id !== deviceId) return;
      const pending = await tx
        .select({ id: mdmCommand.id })
        .from(mdmCommand)
        .where(and(eq(mdmCommand.deviceId, id), eq(mdmCommand.requestType, 'EnableLostMode'), eq(mdmCommand.status, 'queued')));
      seen.push(pending.length === 1);
      if (seen.length === 1) throw new Error('crash in the enrolment transaction');
    });
    await phone.eraseByHirer();
    await expect(phone.enroll(await profile())).rejects.toThrow();
    expect(await relocks(deviceId)).toHaveLength(0);
    const mark = phone.state.commandLog.length;
    await phone.enroll(await profile());
    await expectRelocked(phone, deviceId, mark);
    expect(seen).toEqual([true, true]);
  });

  it('restore and re-enrolment through ABM (Setup Assistant): locked again before anything else', async () => {
    const profileUrl = depEnrollUrl(h.t.config.publicUrl ?? 'http://localhost:3000', storeId);
    const phone = createSimulatedIphone({
      serialNumber: ABM_SERIAL,
      fetch: h.fetch,
      supervised: true,
      pollIntervalMs: 3_600_000,
      retry: { initialMs: 50, maxMs: 200 },
    });
    phone.attachPush(h.apns);
    try {
      await phone.enrolThroughAbm(profileUrl);
      const [row] = await h.t.db
        .select()
        .from(iosDevice)
        .where(and(eq(iosDevice.storeId, storeId), eq(iosDevice.serialNumber, ABM_SERIAL)));
      await waitFor(async () => (await device(row.id)).factsUpdatedAt);
      await lockPhone(phone, row.id);

      await phone.eraseByHirer();
      const mark = phone.state.commandLog.length;
      await phone.enrolThroughAbm(profileUrl);
      await expectRelocked(phone, row.id, mark);
      // The restrictions and facts the re-enrolment queues come after the lock.
      await waitFor(() => sinceMark(phone, mark).includes('DeviceInformation'));
    } finally {
      await phone.stop();
    }
  });
});

describe('after a re-enrolment the phone gets back everything it should have, in one go', () => {
  it('the lock first, then its restrictions (the wallpaper lock among them) and the wallpaper the store locked', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    const jpeg = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const upload = { content: JPEG_DATA_URI_PREFIX + jpeg.toString('base64'), name: '还款提醒' };
    const picture = (await h.t.app.inject({ method: 'POST', url: '/api/wallpaper/upload', headers, payload: upload })).json();
    await post('set-system-restriction', { device_id: deviceId, system_restriction: { allowCamera: false } });
    await post('set-wallpaper', { device_id: deviceId, wallpaper_id: picture.id, where: 1, allow_modify: false });
    await waitFor(() => phone.state.wallpaper.lockScreen && phone.state.restrictions.keys.includes('allowWallpaperModification'));
    await lockPhone(phone, deviceId);

    await phone.eraseByHirer();
    expect(phone.state.wallpaper.lockScreen).toBeUndefined();
    const mark = phone.state.commandLog.length;
    await phone.enroll(await h.t.app.mdm.profiles.profileFor({ storeId, clerkId: null, deviceId }, '门店'));
    await expectRelocked(phone, deviceId, mark);
    await waitFor(() => phone.state.wallpaper.lockScreen);
    await waitFor(() => ['allowCamera', 'allowWallpaperModification'].every((k) => phone.state.restrictions.keys.includes(k)));
    const served = sinceMark(phone, mark);
    expect(served[0]).toBe('EnableLostMode');
    expect(served).toEqual(expect.arrayContaining(['InstallProfile', 'Settings']));
  });
});

describe('the phone reports, the record follows', () => {
  it('a phone reporting it left Lost Mode while the store holds it locked is locked again in the same session', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await lockedOnRecordOnly(deviceId);
    const mark = phone.state.commandLog.length;
    await h.t.app.mdm.commander.refreshFacts([deviceId]);
    await waitFor(() => phone.state.lostMode.enabled);
    const served = sinceMark(phone, mark);
    expect(served.indexOf('EnableLostMode')).toBe(served.indexOf('DeviceInformation') + 1);
    expect(phone.state.lostMode.message).toBe('请归还设备');
    const [op] = await waitFor(async () => {
      const rows = await relocks(deviceId);
      return rows[0]?.status === OperationStatus.DONE ? rows : null;
    });
    expect(op.result).toBe('设备报告已退出丢失模式，已自动重新锁定');
    expect(await events(deviceId, 'device.relocked')).toBe(1);
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKED);
  });

  it('an unsupervised phone is not asked again (Apple refuses it Lost Mode): the record says 未锁定, the store’s lock stays', async () => {
    const { phone, deviceId } = await h.newPhone(headers, { supervised: false });
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    // The enrolment's own app list may still be in flight, and a refetch already pending is not queued twice.
    await phone.whenIdle();
    await lockedOnRecordOnly(deviceId);
    const mark = phone.state.commandLog.length;
    await h.t.app.mdm.commander.refreshFacts([deviceId]);
    await waitFor(() => sinceMark(phone, mark).includes('InstalledApplicationList'));
    await phone.whenIdle();
    expect(sinceMark(phone, mark)).not.toContain('EnableLostMode');
    expect(await device(deviceId)).toMatchObject({ lockStatus: LockStatus.UNLOCKED, lostModeReported: false, lockIntent: { message: '请归还设备' } });
  });

  it.each([
    ['that reported it is not in Lost Mode', false],
    ['that never reported its Lost Mode (it confirmed none)', null],
  ])('a failed DisableLostMode on a phone %s shows 未锁定, never 已锁定', async (_, reported) => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).lostModeReported === false);
    await h.t.db.update(iosDevice).set({ lostModeReported: reported }).where(eq(iosDevice.id, deviceId));
    phone.errorFor('DisableLostMode', { code: 12066, domain: 'MDMErrorDomain', message: 'Could not disable MDM Lost Mode.' });
    const unlock = (await post('unlock', { device_id: deviceId })).json();
    await waitFor(
      async () => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, unlock.operation_log_id)))[0].status === OperationStatus.FAILED,
    );
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
  });

  it('a failed EnableLostMode on a locked phone does not show 未锁定', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await lockPhone(phone, deviceId);
    phone.errorFor('EnableLostMode', { code: 12066, domain: 'MDMErrorDomain', message: 'Could not enable MDM Lost Mode.' });
    const lock = (await post('lock', { device_id: deviceId, message: '新的锁屏信息' })).json();
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKING);
    await waitFor(
      async () => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, lock.operation_log_id)))[0].status === OperationStatus.FAILED,
    );
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKED);
    expect(phone.state.lostMode).toMatchObject({ enabled: true, message: LOCK.message });
  });

  it('the recycle bin ends the store’s lock', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await lockPhone(phone, deviceId);
    expect((await post('move-to-recycle-bin', { device_id: deviceId })).statusCode).toBe(200);
    expect((await device(deviceId)).lockIntent).toBeNull();
  });
});
