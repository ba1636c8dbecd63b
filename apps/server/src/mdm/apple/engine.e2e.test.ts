import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import { iosDevice, iosLocationLog, iosSimLog } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { mdmCommand } from './mdm.table.ts';
import { parsePlistDict } from './plist.ts';
import { validateCommand } from './schema/validate.ts';

let h: MdmHarness;
let headers: { authorization: string };
let storeId: string;
beforeAll(async () => {
  h = await startMdmHarness();
  const s = await h.t.newStore();
  storeId = s.id;
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
});
afterAll(() => h.close());

const post = (url: string, payload: object) => h.t.app.inject({ method: 'POST', url, headers, payload });
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];

describe('enrolment through the hirer link', () => {
  it('binds the phone, then learns its facts, SIMs and apps from its own answers', async () => {
    const { phone, deviceId } = await h.newPhone(headers, { model: 'iPhone15,2', imei1: '356789101234567' });
    const enrolled = await waitFor(async () => {
      const d = await device(deviceId);
      return d.factsUpdatedAt && d.appList.length > 0 ? d : null;
    });
    expect(enrolled).toMatchObject({
      enrollmentStatus: EnrollmentStatus.ENROLLED,
      udid: phone.udid,
      model: 'iPhone15,2',
      imei1: '356789101234567',
      superviseStatus: 1,
    });
    expect(enrolled.sim1?.iccid).toMatch(/^89/);
    expect(enrolled.lastActiveTime).not.toBeNull();
    expect(await h.t.db.select().from(iosSimLog).where(eq(iosSimLog.deviceId, deviceId))).toHaveLength(1);
    const detail = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/${deviceId}?mdm_check=1`, headers })).json();
    expect(detail).toMatchObject({ model_name: 'iPhone 14 Pro', mdm_check: { enrolled: true, push_ready: true } });
  });
});

describe('lock workflow', () => {
  it('locks the phone into Lost Mode with the message, locates it, plays the sound and unlocks it', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);

    const lock = (
      await post('/api/device/ios/command/lock', { device_id: deviceId, message: '请尽快联系门店还款', phone_number: '4008001234', footnote: '华强北店' })
    ).json();
    await waitFor(() => phone.state.lostMode.enabled);
    expect(phone.state.lostMode).toMatchObject({ message: '请尽快联系门店还款', phoneNumber: '4008001234', footnote: '华强北店' });
    await waitFor(async () => (await operation(lock.operation_log_id)).status === OperationStatus.DONE);
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKED);

    phone.setLocation({ latitude: 22.5431, longitude: 114.0579, horizontalAccuracy: 15 });
    const locate = (await post('/api/device/ios/command/get-location', { device_id: deviceId })).json();
    await waitFor(async () => (await operation(locate.operation_log_id)).status === OperationStatus.DONE);
    const [point] = await h.t.db.select().from(iosLocationLog).where(eq(iosLocationLog.deviceId, deviceId));
    expect(point).toMatchObject({ latitude: 22.5431, longitude: 114.0579 });
    expect((await operation(locate.operation_log_id)).result).toBe('已定位：22.543100, 114.057900');

    await post('/api/device/ios/command/play-lost-mode-sound', { device_id: deviceId });
    await waitFor(() => phone.state.soundPlaying);

    const unlock = (await post('/api/device/ios/command/unlock', { device_id: deviceId })).json();
    await waitFor(() => !phone.state.lostMode.enabled);
    await waitFor(async () => (await operation(unlock.operation_log_id)).status === OperationStatus.DONE);
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
  });

  it('pushes only after the command is committed, so the woken phone always finds it', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    const seen: number[] = [];
    const off = h.apns.onPush(async (push) => {
      if (push.token !== phone.pushToken) return;
      const pending = await h.t.db
        .select()
        .from(mdmCommand)
        .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'RestartDevice')));
      seen.push(pending.length);
    });
    await post('/api/device/ios/command/reboot', { device_id: deviceId });
    await waitFor(() => seen.length > 0);
    off();
    expect(seen[0]).toBe(1);
    await waitFor(() => phone.state.rebootCount === 1);
  });

  it('records Apple’s error chain when the phone refuses', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    phone.errorFor('RestartDevice', { code: 12345, domain: 'MCMDMErrorDomain', message: '设备正忙' });
    const op = (await post('/api/device/ios/command/reboot', { device_id: deviceId })).json();
    const failed = await waitFor(async () => {
      const row = await operation(op.operation_log_id);
      return row.status === OperationStatus.FAILED ? row : null;
    });
    expect(failed.result).toBe('设备执行失败：设备正忙（MCMDMErrorDomain 12345）');
  });
});

describe('queue guarantees (reliability checklist)', () => {
  it('#2 serves the next command after a NotNow, without looping, and retries the NotNow one later', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await waitFor(() => phone.state.commandLog.length >= 3);
    const mark = phone.state.commandLog.length;
    const since = () => phone.state.commandLog.slice(mark);
    phone.notNowFor(['RestartDevice']);
    await post('/api/device/ios/command/reboot', { device_id: deviceId });
    await post('/api/device/ios/command/get-installed-app-list', { device_id: deviceId });
    await waitFor(() => since().some((c) => c.requestType === 'InstalledApplicationList' && c.status === 'Acknowledged'));
    const reboots = () => since().filter((c) => c.requestType === 'RestartDevice');
    // A NotNow'd command is offered again only once the main queue is empty, at most once per session: no loop.
    expect(reboots().every((c) => c.status === 'NotNow')).toBe(true);
    expect(reboots().length).toBeGreaterThan(0);
    expect(reboots().length).toBeLessThanOrEqual(3);
    phone.clearFaults();
    phone.setUserLocked(false);
    await waitFor(() => reboots().some((c) => c.status === 'Acknowledged'));
    expect(reboots().filter((c) => c.status === 'Acknowledged')).toHaveLength(1);
  });

  it('#1 re-serves a command the phone never answered, once, and a duplicate answer changes nothing', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    // The fault must catch the lock, not a refetch still finishing from enrolment.
    await waitFor(() => phone.state.commandLog.length >= 3);
    await phone.whenIdle();
    const dropped: string[] = [];
    phone.onSession((r) => {
      if (r.outcome === 'dropped') dropped.push(r.commandUuid.toLowerCase());
    });
    phone.crashAfterReceiving(1);
    const lock = (await post('/api/device/ios/command/lock', { device_id: deviceId, message: '断网重发' })).json();
    const [cmd] = await h.t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'EnableLostMode')));
    const sameCommand = (uuid: string) => uuid.toLowerCase() === cmd.id.toLowerCase();
    await waitFor(() => dropped.some(sameCommand));
    expect((await operation(lock.operation_log_id)).status).toBe(OperationStatus.SENT);
    await phone.connect();
    await waitFor(async () => (await operation(lock.operation_log_id)).status === OperationStatus.DONE);
    const handled = phone.state.commandLog.filter((c) => sameCommand(c.commandUuid));
    expect(handled.map((c) => c.status)).toEqual(['Acknowledged']);
    const [row] = await h.t.db.select().from(mdmCommand).where(eq(mdmCommand.id, cmd.id));
    expect(row).toMatchObject({ status: 'acknowledged', attempts: 2 });

    // The same Acknowledged again (a phone may repeat it) must not apply twice.
    await h.t.db.update(iosDevice).set({ lockStatus: LockStatus.UNLOCKED }).where(eq(iosDevice.id, deviceId));
    const enrollment = await h.t.app.mdm.enrollments.byUdid(phone.udid);
    await h.t.app.mdm.connect.handle({ fingerprint: enrollment!.certFingerprint }, { UDID: phone.udid, Status: 'Acknowledged', CommandUUID: cmd.id });
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
  });

  it('#11 collapses a thousand refetches of an offline phone and still delivers the lock first', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await phone.stop();
    for (let i = 0; i < 1000; i += 100) await Promise.all(Array.from({ length: 100 }, () => h.t.app.mdm.commander.refreshFacts([deviceId])));
    await post('/api/device/ios/command/lock', { device_id: deviceId, message: '先锁定' });
    const pending = await h.t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.status, 'queued')));
    expect(pending.map((c) => c.requestType).sort()).toEqual(['DeviceInformation', 'EnableLostMode', 'InstalledApplicationList', 'SecurityInfo']);
    const before = phone.state.commandLog.length;
    await phone.connect();
    expect(phone.state.commandLog[before].requestType).toBe('EnableLostMode');
  });

  it('#6 never delivers the old queue to a phone removed and enrolled again', async () => {
    const { deviceId, phone } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await phone.stop();
    await post('/api/device/ios/command/reboot', { device_id: deviceId });
    await post('/api/device/ios/command/move-to-recycle-bin', { device_id: deviceId });
    expect((await post('/api/device/ios/command/remove', { device_id: deviceId })).json()).toEqual({ ok: true });

    const result = await phone.connect();
    expect(result.outcome).toBe('http-error');
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'unrecognized-device' });

    const again = await h.registerAndProfile(headers, phone.serialNumber);
    await phone.enroll(again.profile);
    await phone.connect();
    await waitFor(async () => (await device(again.deviceId)).factsUpdatedAt);
    expect(phone.state.commandLog.filter((c) => c.requestType === 'RestartDevice')).toHaveLength(0);
  });
});

describe('commands a phone never answers', () => {
  it('expire after their time to live and put the lock status back', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await phone.stop(); // the hirer switched the phone off for good
    const lock = (await post('/api/device/ios/command/lock', { device_id: deviceId, message: '请联系门店' })).json();
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.LOCKING);

    expect(await h.t.app.mdm.queue.expire(new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await operation(lock.operation_log_id)).toMatchObject({ status: OperationStatus.FAILED, result: '指令已过期：设备长时间未上线' });
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
  });
});

describe('device identity', () => {
  it('refuses one phone’s certificate acting as another, and leaves the real enrolment alone', async () => {
    const a = await h.newPhone(headers);
    const b = await h.newPhone(headers);
    await waitFor(async () => (await device(a.deviceId)).factsUpdatedAt && (await device(b.deviceId)).factsUpdatedAt);
    const bCert = (await h.t.app.mdm.enrollments.byUdid(b.phone.udid))!.certFingerprint;
    const aBefore = await h.t.app.mdm.enrollments.byUdid(a.phone.udid);
    await expect(h.t.app.mdm.connect.handle({ fingerprint: bCert }, { UDID: a.phone.udid, Status: 'Idle' })).rejects.toMatchObject({
      reason: 'identity-mismatch',
    });
    await expect(
      h.t.app.mdm.checkin.handle({ fingerprint: bCert }, { MessageType: 'Authenticate', UDID: a.phone.udid, SerialNumber: a.phone.serialNumber }),
    ).rejects.toMatchObject({ reason: 'identity-mismatch' });
    expect(await h.t.app.mdm.enrollments.byUdid(a.phone.udid)).toEqual(aBefore);
  });

  it('#3 answers unsigned, forged, malformed, oversized and mistyped bodies with 4xx, never 401 or 5xx', async () => {
    const body = '<?xml version="1.0"?><plist version="1.0"><dict><key>Status</key><string>Idle</string></dict></plist>';
    const cases = [
      { headers: { 'content-type': 'application/x-apple-aspen-mdm' }, payload: body },
      { headers: { 'content-type': 'application/x-apple-aspen-mdm', 'mdm-signature': 'bm90IGEgc2lnbmF0dXJl' }, payload: body },
      { headers: { 'content-type': 'application/x-apple-aspen-mdm', 'mdm-signature': 'x' }, payload: body.slice(0, 40) },
      { headers: { 'content-type': 'application/json', 'mdm-signature': 'x' }, payload: '{}' },
      { headers: { 'content-type': 'application/x-apple-aspen-mdm' }, payload: Buffer.alloc(5 * 1024 * 1024, 60) },
      { headers: { 'content-type': 'application/x-apple-aspen-mdm' }, payload: '' },
    ];
    for (const url of ['/mdm/connect', '/mdm/checkin']) {
      for (const c of cases) {
        const res = await h.t.app.inject({ method: 'PUT', url, ...c });
        expect(res.statusCode, `${url} ${JSON.stringify(c.headers)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.statusCode).not.toBe(401);
      }
    }
    const scep = await h.t.app.inject({
      method: 'POST',
      url: '/mdm/scep?operation=PKIOperation',
      headers: { 'content-type': 'application/x-pki-message' },
      payload: Buffer.from('garbage'),
    });
    expect(scep.statusCode).toBe(400);
    // The queue keeps moving for a real phone afterwards.
    const { deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
  });
});

describe('what the server sends', () => {
  // Its own phone and its own commands: the check does not depend on what earlier tests happened to queue.
  it('every command plist served for an enrolled phone and its console commands is valid against Apple’s schema', async () => {
    const { deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    const run = async (name: string, body: object = {}) => {
      const res = await post(`/api/device/ios/command/${name}`, { device_id: deviceId, ...body });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    };
    await run('lock', { message: '请联系门店', phone_number: '4001234567' });
    await h.t.db.update(iosDevice).set({ lockStatus: LockStatus.LOCKED }).where(eq(iosDevice.id, deviceId));
    await run('get-location');
    await run('play-lost-mode-sound');
    await run('unlock');
    await run('reboot');
    await run('clear-passcode', { password: 'Passw0rd!x' });
    await run('get-installed-app-list');
    const served = await h.t.db.select({ payload: mdmCommand.payload, type: mdmCommand.requestType }).from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
    const types = new Set(served.map((c) => c.type));
    for (const type of [
      'EnableLostMode',
      'DeviceLocation',
      'PlayLostModeSound',
      'DisableLostMode',
      'RestartDevice',
      'ClearPasscode',
      'InstalledApplicationList',
    ])
      expect(types).toContain(type);
    for (const { payload, type } of served) {
      expect(validateCommand(parsePlistDict(payload)), type).toEqual([]);
    }
  });
});
