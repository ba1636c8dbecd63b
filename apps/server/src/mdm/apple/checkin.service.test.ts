import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import type { Database } from '../../db/client.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { createCheckinService } from './checkin.service.ts';
import { restartDevice } from './commands.ts';
import { DeviceRefusal } from './device-refusal.ts';
import { createEnrollmentRepo } from './enrolment.repo.ts';
import { mdmCommand, mdmEnrollment, mdmIdentity } from './mdm.table.ts';
import { createQueueRepo } from './queue.repo.ts';
import { createCommander } from './commander.ts';
import { createResultEffects } from './result-effects.ts';

/**
 * Authenticate's refusals and its store slot, called directly on a database of its own (no simulated phone): a
 * certificate the server never issued, a released one, one bound to another phone, a profile made for another serial,
 * a phone enrolled in another store, and which Authenticate takes a slot; then TokenUpdate and CheckOut, and what a
 * check-in leaves for the store (the reason on its cancelled operations, its webhook events). The end-to-end tests run
 * the same service through /mdm/checkin with simulated iPhones, minutes per run; this file is what fails in seconds.
 */
let database: Database;
let checkin: ReturnType<typeof createCheckinService>;
let commander: ReturnType<typeof createCommander>;
/** The same service built without the optional onEnrolled hook. */
let checkinWithoutHook: ReturnType<typeof createCheckinService>;
/** The phones whose after-enrolment steps ran, in order. */
const enrolled: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  // The core result effects only (no module's): Authenticate cancels a queue and never reads a command's answer.
  const queue = createQueueRepo(db, createResultEffects({}));
  commander = createCommander({ db, queue, push: { wakeInBackground: () => {} } as never });
  const deps = { db, enrollments: createEnrollmentRepo(db), queue, commander: () => commander, topic: 'com.apple.mgmt.test' };
  checkin = createCheckinService({ ...deps, onEnrolled: async (id) => void enrolled.push(id) });
  checkinWithoutHook = createCheckinService(deps);
});
afterAll(() => database.close());

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
const newStore = async (slots = 10, used = 0) =>
  (
    await database.db
      .insert(store)
      .values({ storeName: '接入门店', modules: ['apple'] as never, deviceCount: slots, usedDeviceCount: used })
      .returning()
  )[0];
const usedSlots = async (storeId: string) => (await database.db.select().from(store).where(eq(store.id, storeId)))[0].usedDeviceCount;
const devicesOf = (storeId: string) => database.db.select().from(iosDevice).where(eq(iosDevice.storeId, storeId));
/** identity records a certificate the server issued for the store (for one registered phone when deviceId is given). */
async function identity(storeId: string, over: { deviceId?: string; releasedAt?: Date } = {}) {
  const fingerprint = hex(32);
  await database.db
    .insert(mdmIdentity)
    .values({ fingerprint, storeId, deviceId: over.deviceId, releasedAt: over.releasedAt, notAfter: new Date(Date.now() + 86_400_000) });
  return { fingerprint };
}
const authenticate = (id: { fingerprint: string }, udid: string | undefined, serial: string | undefined) =>
  checkin.handle(id, { MessageType: 'Authenticate', ...(udid === undefined ? {} : { UDID: udid }), ...(serial === undefined ? {} : { SerialNumber: serial }) });
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof DeviceRefusal) return { reason: err.reason, detail: err.detail };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('Authenticate', () => {
  it('enrols a new phone of the store profile: creates it, binds it and takes one slot', async () => {
    const s = await newStore(10, 3);
    const id = await identity(s.id);
    const udid = hex(20);
    await authenticate(id, udid, 'f2lnew00001a');
    const [device] = await devicesOf(s.id);
    expect(device).toMatchObject({ serialNumber: 'F2LNEW00001A', udid });
    expect(await usedSlots(s.id)).toBe(4);
    const [bound] = await database.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.certFingerprint, id.fingerprint));
    expect(bound).toMatchObject({ deviceId: device.id, udid });
  });

  it('records the facts the message carries (IMEI without its spaces), and keeps the known ones it leaves out', async () => {
    const s = await newStore();
    const id = await identity(s.id);
    const udid = hex(20);
    await checkin.handle(id, {
      MessageType: 'Authenticate',
      UDID: udid,
      SerialNumber: 'F2LFCT00001A',
      OSVersion: '17.4',
      ProductName: 'iPhone15,2',
      IMEI: '35 678910 123456 7',
      MEID: '35678910123456',
    });
    const facts = async () => (await devicesOf(s.id)).map((d) => ({ osVersion: d.osVersion, model: d.model, imei1: d.imei1, meid: d.meid }));
    const expected = { osVersion: '17.4', model: 'iPhone15,2', imei1: '356789101234567', meid: '35678910123456' };
    expect(await facts()).toEqual([expected]);
    // The same phone again (a new Authenticate after an erase) without those keys: nothing known is lost.
    await authenticate(id, udid, 'F2LFCT00001A');
    expect(await facts()).toEqual([expected]);
  });

  it('lets the phone bound to a certificate authenticate again with it, taking no second slot', async () => {
    const s = await newStore();
    const id = await identity(s.id);
    const udid = hex(20);
    await authenticate(id, udid, 'F2LAGN00001A');
    await authenticate(id, udid, 'F2LAGN00001A');
    expect((await devicesOf(s.id)).map((d) => d.udid)).toEqual([udid]);
    expect(await usedSlots(s.id)).toBe(1);
  });

  it('moves a phone enrolled under another record of the same store to the record it enrols as now', async () => {
    const s = await newStore();
    const udid = hex(20);
    await authenticate(await identity(s.id), udid, 'F2LOLD00001A');
    // The store's profile for a registered record with the serial the phone now reports (a record fixed by hand).
    const [fixed] = await database.db.insert(iosDevice).values({ storeId: s.id, serialNumber: 'F2LNEW00002A' }).returning();
    await authenticate(await identity(s.id, { deviceId: fixed.id }), udid, 'F2LNEW00002A');
    const bySerial = Object.fromEntries((await devicesOf(s.id)).map((d) => [d.serialNumber, d.udid]));
    expect(bySerial).toEqual({ F2LOLD00001A: null, F2LNEW00002A: udid });
    expect((await database.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.udid, udid))).map((e) => e.deviceId)).toEqual([fixed.id]);
  });

  it('refuses a message without UDID or SerialNumber, creating nothing', async () => {
    const s = await newStore();
    const id = await identity(s.id);
    for (const [udid, serial] of [
      [undefined, 'F2LBAD00001A'],
      [hex(20), undefined],
      ['', 'F2LBAD00001A'],
      [hex(20), ''],
      [undefined, undefined],
    ] as const) {
      expect(await refusal(authenticate(id, udid, serial))).toEqual({ reason: 'bad-message', detail: 'Authenticate needs UDID and SerialNumber' });
    }
    expect(await devicesOf(s.id)).toEqual([]);
  });

  it('refuses a certificate the server never issued, and one issued for a phone since released', async () => {
    expect(await refusal(authenticate({ fingerprint: hex(32) }, hex(20), 'F2LUNK00001A'))).toMatchObject({ reason: 'unknown-identity' });
    const s = await newStore();
    const released = await identity(s.id, { releasedAt: new Date() });
    expect(await refusal(authenticate(released, hex(20), 'F2LREL00001A'))).toMatchObject({ reason: 'released' });
    expect(await devicesOf(s.id)).toEqual([]);
    expect(await usedSlots(s.id)).toBe(0);
  });

  it('refuses a certificate whose enrolment the store released, and one bound to another phone', async () => {
    const s = await newStore();
    const id = await identity(s.id);
    const udid = hex(20);
    await authenticate(id, udid, 'F2LBND00001A');
    // The same certificate from another phone: refused, the real enrolment untouched.
    expect(await refusal(authenticate(id, hex(20), 'F2LBND00001A'))).toEqual({ reason: 'identity-mismatch', detail: 'certificate belongs to another device' });
    const [device] = await devicesOf(s.id);
    expect(device.udid).toBe(udid);
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.certFingerprint, id.fingerprint));
    expect(await refusal(authenticate(id, udid, 'F2LBND00001A'))).toMatchObject({ reason: 'released' });
  });

  it('refuses a profile made for one registered phone on a phone of another serial number', async () => {
    const s = await newStore();
    const [registered] = await database.db.insert(iosDevice).values({ storeId: s.id, serialNumber: 'F2LREG00001A' }).returning();
    const id = await identity(s.id, { deviceId: registered.id });
    expect(await refusal(authenticate(id, hex(20), 'F2LOTH00001A'))).toEqual({
      reason: 'identity-mismatch',
      detail: 'profile was made for another serial number',
    });
    expect((await devicesOf(s.id)).map((d) => d.serialNumber)).toEqual(['F2LREG00001A']);
  });

  it('refuses a phone still enrolled in another store, and lets it come back to its own store or go once released', async () => {
    const a = await newStore();
    const b = await newStore();
    const udid = hex(20);
    await authenticate(await identity(a.id), udid, 'F2LTWO00001A');
    // Store B's profile on the same phone (same UDID) while store A still manages it.
    expect(await refusal(authenticate(await identity(b.id), udid, 'F2LTWO00001A'))).toMatchObject({ reason: 'enrolled-elsewhere' });
    expect(await devicesOf(b.id)).toEqual([]);
    expect(await usedSlots(b.id)).toBe(0);
    // Store A enrols it again (erase, new profile): allowed, no second slot.
    await authenticate(await identity(a.id), udid, 'F2LTWO00001A');
    expect(await usedSlots(a.id)).toBe(1);
    // Once store A released it, store B may take it.
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.udid, udid));
    await authenticate(await identity(b.id), udid, 'F2LTWO00001A');
    expect((await devicesOf(b.id)).map((d) => d.udid)).toEqual([udid]);
    expect(await usedSlots(b.id)).toBe(1);
  });

  it('takes a slot for a released phone coming back, none for a registered phone enrolling, and refuses when full', async () => {
    const s = await newStore(3, 1);
    const [registered] = await database.db.insert(iosDevice).values({ storeId: s.id, serialNumber: 'F2LSLT00001A' }).returning();
    await authenticate(await identity(s.id, { deviceId: registered.id }), hex(20), 'F2LSLT00001A');
    expect(await usedSlots(s.id)).toBe(1);
    await database.db.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.RELEASED }).where(eq(iosDevice.id, registered.id));
    await authenticate(await identity(s.id, { deviceId: registered.id }), hex(20), 'F2LSLT00001A');
    expect(await usedSlots(s.id)).toBe(2);
    await database.db.update(store).set({ usedDeviceCount: 3 }).where(eq(store.id, s.id));
    const full = await refusal(authenticate(await identity(s.id), hex(20), 'F2LFUL00001A'));
    expect(full.reason).toBe('quota');
    expect(full.detail).not.toBe('');
    expect((await devicesOf(s.id)).map((d) => d.serialNumber)).toEqual(['F2LSLT00001A']);
  });

  it('lets a database failure while taking the slot through as itself, not as a quota refusal', async () => {
    // A counter at the integer maximum: the reservation's `used_device_count + 1` overflows in the database, a
    // failure that says nothing about the store being full and must not reach the phone as one.
    const s = await newStore(2_147_483_647, 2_147_483_647);
    const err = await authenticate(await identity(s.id), hex(20), 'F2LOVF00001A').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(DeviceRefusal);
    expect(String((err as Error).cause ?? err)).toMatch(/out of range/);
    expect(await devicesOf(s.id)).toEqual([]);
  });
});

/** enrolledPhone: a phone that has authenticated with a certificate of the store (a new one by default). */
async function enrolledPhone(storeId?: string) {
  storeId ??= (await newStore()).id;
  const id = await identity(storeId);
  const udid = hex(20);
  const serial = `F2L${hex(4)}`;
  await authenticate(id, udid, serial);
  const [device] = (await devicesOf(storeId)).filter((d) => d.udid === udid);
  return { id, udid, serial, deviceId: device.id, storeId };
}
const enrolment = async (deviceId: string) => (await database.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId)))[0];
const deviceRow = async (deviceId: string) => (await database.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0];
const tokenUpdate = (p: { id: { fingerprint: string }; udid: string }, extra: Record<string, unknown> = {}) =>
  checkin.handle(p.id, { MessageType: 'TokenUpdate', UDID: p.udid, Token: Buffer.from('0a0b0c', 'hex'), PushMagic: 'magic-1', ...extra });

describe('TokenUpdate', () => {
  it('makes the phone manageable: stores its push token, marks it enrolled, and runs the after-enrolment steps once', async () => {
    const p = await enrolledPhone();
    await tokenUpdate(p, { Topic: 'com.apple.mgmt.External.abc', UnlockToken: Buffer.from('unlock') });
    expect(await enrolment(p.deviceId)).toMatchObject({
      topic: 'com.apple.mgmt.External.abc',
      tokenHex: '0a0b0c',
      pushMagic: 'magic-1',
      unlockToken: Buffer.from('unlock').toString('base64'),
      enabled: true,
      pushDead: false,
      nextPushAt: null,
    });
    expect((await enrolment(p.deviceId)).tokenUpdatedAt).not.toBeNull();
    expect((await deviceRow(p.deviceId)).enrollmentStatus).toBe(EnrollmentStatus.ENROLLED);
    expect((await deviceRow(p.deviceId)).lastActiveTime).not.toBeNull();
    const types = async () => (await database.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, p.deviceId))).map((c) => c.requestType).sort();
    expect(await types()).toEqual(['DeviceInformation', 'InstalledApplicationList', 'SecurityInfo']);
    expect(enrolled.filter((d) => d === p.deviceId)).toHaveLength(1);
    // A later TokenUpdate (a new token) keeps the unlock token it does not carry, uses the server's topic when it names
    // none, and does not run the after-enrolment steps again.
    await tokenUpdate(p, { Token: Buffer.from('0d0e', 'hex') });
    expect(await enrolment(p.deviceId)).toMatchObject({
      tokenHex: '0d0e',
      topic: 'com.apple.mgmt.test',
      unlockToken: Buffer.from('unlock').toString('base64'),
    });
    expect(enrolled.filter((d) => d === p.deviceId)).toHaveLength(1);
  });

  it('makes the phone manageable without the onEnrolled hook, which the service takes as optional', async () => {
    const p = await enrolledPhone();
    await checkinWithoutHook.handle(p.id, { MessageType: 'TokenUpdate', UDID: p.udid, Token: Buffer.from('0a', 'hex'), PushMagic: 'magic-1' });
    expect((await deviceRow(p.deviceId)).enrollmentStatus).toBe(EnrollmentStatus.ENROLLED);
  });

  it('keeps a user channel’s token out of the device channel', async () => {
    const p = await enrolledPhone();
    await tokenUpdate(p, { UserID: 'user-1', Token: Buffer.from('ff', 'hex') });
    expect(await enrolment(p.deviceId)).toMatchObject({ tokenHex: null, enabled: false });
    expect(enrolled).not.toContain(p.deviceId);
  });

  it('refuses a TokenUpdate without Token or PushMagic, from an unknown certificate, for another UDID, or once released', async () => {
    const p = await enrolledPhone();
    const bad = { reason: 'bad-message', detail: 'TokenUpdate needs Token and PushMagic' };
    expect(await refusal(tokenUpdate(p, { Token: 'not-data' }))).toEqual(bad);
    expect(await refusal(tokenUpdate(p, { PushMagic: '' }))).toEqual(bad);
    expect(await refusal(tokenUpdate({ id: { fingerprint: hex(32) }, udid: p.udid }))).toMatchObject({ reason: 'not-enrolled' });
    expect(await refusal(tokenUpdate({ id: p.id, udid: hex(20) }))).toEqual({ reason: 'identity-mismatch', detail: 'UDID does not match the certificate' });
    expect((await enrolment(p.deviceId)).tokenHex).toBeNull();
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.deviceId, p.deviceId));
    expect(await refusal(tokenUpdate(p))).toMatchObject({ reason: 'released' });
  });
});

describe('CheckOut and the other messages', () => {
  it('CheckOut stops managing the phone: push off, its queue cancelled, the phone 已脱离管理', async () => {
    const p = await enrolledPhone();
    await tokenUpdate(p);
    await checkin.handle(p.id, { MessageType: 'CheckOut', UDID: p.udid });
    expect((await enrolment(p.deviceId)).enabled).toBe(false);
    const statuses = (await database.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, p.deviceId))).map((c) => c.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['cancelled']));
    expect((await deviceRow(p.deviceId)).enrollmentStatus).toBe(EnrollmentStatus.CHECKED_OUT);
  });

  it('CheckOut of a phone the store released leaves it 已释放', async () => {
    const p = await enrolledPhone();
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.deviceId, p.deviceId));
    await database.db.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.RELEASED }).where(eq(iosDevice.id, p.deviceId));
    await checkin.handle(p.id, { MessageType: 'CheckOut', UDID: p.udid });
    expect((await deviceRow(p.deviceId)).enrollmentStatus).toBe(EnrollmentStatus.RELEASED);
  });

  it('declines the user channel and unsupported messages from an enrolled phone, and refuses them from anyone else', async () => {
    const p = await enrolledPhone();
    expect(await refusal(checkin.handle(p.id, { MessageType: 'UserAuthenticate', UDID: p.udid }))).toMatchObject({ reason: 'user-channel-declined' });
    expect(await refusal(checkin.handle(p.id, { MessageType: 'GetToken', UDID: p.udid }))).toMatchObject({ reason: 'unsupported-message' });
    const stranger = { fingerprint: hex(32) };
    expect(await refusal(checkin.handle(stranger, { MessageType: 'UserAuthenticate' }))).toMatchObject({ reason: 'not-enrolled' });
    expect(await refusal(checkin.handle(stranger, { MessageType: 'GetToken' }))).toMatchObject({ reason: 'not-enrolled' });
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.deviceId, p.deviceId));
    expect(await refusal(checkin.handle(p.id, { MessageType: 'GetToken' }))).toMatchObject({ reason: 'released' });
  });
});

/** pendingOperation: a console operation (a restart) queued for the phone and not yet answered. */
async function pendingOperation(p: { deviceId: string; storeId: string }) {
  const [op] = await database.db
    .insert(operationLog)
    .values({ storeId: p.storeId, platform: 'ios', deviceId: p.deviceId, action: 'restart', status: OperationStatus.QUEUED })
    .returning();
  await commander.enqueue([{ deviceId: p.deviceId, build: (uuid) => restartDevice({ uuid }), operationLogId: op.id }]);
  return op.id;
}
const operation = async (id: string) => (await database.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
/** webhookStore: a store with the open API on and a callback URL, the only kind that gets device events. */
async function webhookStore() {
  const s = await newStore();
  await database.db.insert(storeApiSetting).values({ storeId: s.id, enabled: true, callbackUrl: 'https://erp.example.com/hook' });
  return s.id;
}
const eventsOf = async (deviceId: string) =>
  (await database.db.select().from(webhookEvent).where(eq(webhookEvent.deviceId, deviceId))).map((e) => ({
    type: e.type,
    platform: e.platform,
    data: e.payload.data,
  }));

describe('what the store sees of a check-in', () => {
  it('tells the clerk why a queued operation was cancelled: the phone enrolled again, or removed the profile', async () => {
    const p = await enrolledPhone();
    const before = await pendingOperation(p);
    await authenticate(p.id, p.udid, p.serial);
    expect(await operation(before)).toMatchObject({ status: OperationStatus.CANCELLED, result: '设备重新接入，旧指令已取消' });
    const last = await pendingOperation(p);
    await checkin.handle(p.id, { MessageType: 'CheckOut', UDID: p.udid });
    expect(await operation(last)).toMatchObject({ status: OperationStatus.CANCELLED, result: '设备已移除管理描述文件' });
  });

  it('sends device.enrolled on the first TokenUpdate of an enrolment only', async () => {
    const p = await enrolledPhone(await webhookStore());
    expect(await eventsOf(p.deviceId)).toEqual([]);
    await tokenUpdate(p);
    const enrolledEvent = { type: 'device.enrolled', platform: 'ios', data: {} };
    expect(await eventsOf(p.deviceId)).toEqual([enrolledEvent]);
    // A new token later is the same enrolment: the receiver hears of it once.
    await tokenUpdate(p, { Token: Buffer.from('0d0e', 'hex') });
    expect(await eventsOf(p.deviceId)).toEqual([enrolledEvent]);
  });

  it('sends device.released (reason checkout) when the phone removes the profile, none when the store released it', async () => {
    const storeId = await webhookStore();
    const p = await enrolledPhone(storeId);
    await checkin.handle(p.id, { MessageType: 'CheckOut', UDID: p.udid });
    expect(await eventsOf(p.deviceId)).toEqual([{ type: 'device.released', platform: 'ios', data: { reason: 'checkout' } }]);
    // The store's own release already told the receiver; the phone checking out as it goes adds nothing.
    const q = await enrolledPhone(storeId);
    await database.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.deviceId, q.deviceId));
    await checkin.handle(q.id, { MessageType: 'CheckOut', UDID: q.udid });
    expect(await eventsOf(q.deviceId)).toEqual([]);
  });
});
