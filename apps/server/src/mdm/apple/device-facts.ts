import { eq } from 'drizzle-orm';
import { LockStatus, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { type AppEntry, type SimCard, iosDevice, iosLocationLog, iosSimLog } from '../../domain/ios-device.table.ts';
import { emitIosDeviceEvent } from '../../domain/webhook-outbox.ts';
import type { PlistDict, PlistValue } from './plist.ts';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;
type DeviceUpdate = Partial<typeof iosDevice.$inferInsert>;

const str = (v: PlistValue | undefined) => (typeof v === 'string' ? v : undefined);
const num = (v: PlistValue | undefined) => (typeof v === 'number' ? v : undefined);
const dict = (v: PlistValue | undefined) =>
  v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v) ? (v as PlistDict) : undefined;
const list = (v: PlistValue | undefined) => (Array.isArray(v) ? v : []);

/** simsOf reads the SIM slots: ServiceSubscriptions on iOS 12+, the deprecated top-level keys before. */
export function simsOf(q: PlistDict): [SimCard | null, SimCard | null, string[]] {
  const subs = list(q.ServiceSubscriptions)
    .map(dict)
    .filter((d): d is PlistDict => d !== undefined);
  const imeis: string[] = [];
  const cards = subs.map((s, i): SimCard | null => {
    const imei = str(s.IMEI);
    if (imei) imeis.push(imei);
    const iccid = str(s.ICCID);
    if (!iccid) return null;
    return { slot: i + 1, iccid, phone_number: str(s.PhoneNumber), carrier: str(s.CurrentCarrierNetwork) ?? str(s.SubscriberCarrierNetwork), imei };
  });
  if (!subs.length && str(q.ICCID)) cards.push({ slot: 1, iccid: str(q.ICCID), phone_number: str(q.PhoneNumber), carrier: str(q.CurrentCarrierNetwork) });
  if (!imeis.length && str(q.IMEI)) imeis.push(str(q.IMEI)!);
  return [cards[0] ?? null, cards[1] ?? null, imeis];
}

const sameSim = (a: SimCard | null | undefined, b: SimCard | null | undefined) => (a?.iccid ?? null) === (b?.iccid ?? null);

/**
 * lockStatusOnReport is the lock state to show when the phone reports IsMDMLostModeEnabled (undefined: keep it). Its
 * word settles the state, except while a lock or unlock is on its way; a phone out of Lost Mode that the store holds
 * locked is 锁定中, never 未锁定: the relock is queued in the same answer (modules/lock-intent).
 */
export function lockStatusOnReport(current: number, relocking: boolean, lostMode: boolean): number | undefined {
  if (!lostMode && relocking) return LockStatus.LOCKING;
  if (current !== LockStatus.LOCKED && current !== LockStatus.UNLOCKED) return undefined;
  return lostMode ? LockStatus.LOCKED : LockStatus.UNLOCKED;
}

/** applyDeviceInformation writes the QueryResponses facts and logs a SIM change; returns whether SIMs changed. */
export async function applyDeviceInformation(tx: Tx, deviceId: string, q: PlistDict): Promise<boolean> {
  const [before] = await tx
    .select({
      sim1: iosDevice.sim1,
      sim2: iosDevice.sim2,
      lockStatus: iosDevice.lockStatus,
      lockIntent: iosDevice.lockIntent,
      factsUpdatedAt: iosDevice.factsUpdatedAt,
    })
    .from(iosDevice)
    .where(eq(iosDevice.id, deviceId));
  if (!before) return false;
  const [sim1, sim2, imeis] = simsOf(q);
  const set: DeviceUpdate = { factsUpdatedAt: new Date(), dateUpdated: new Date(), sim1, sim2 };
  // model is the hardware identifier (iPhone15,2) the console maps to a marketing name; product_name is Apple's ModelName.
  if (str(q.ProductName)) set.model = str(q.ProductName);
  if (str(q.ModelName)) set.productName = str(q.ModelName);
  if (str(q.ModelNumber)) set.market = str(q.ModelNumber);
  if (str(q.OSVersion)) set.osVersion = str(q.OSVersion);
  if (num(q.DeviceCapacity) !== undefined) set.storageCapacity = num(q.DeviceCapacity);
  if (num(q.BatteryLevel) !== undefined && num(q.BatteryLevel)! >= 0) set.batteryLevel = num(q.BatteryLevel);
  if (imeis[0]) set.imei1 = imeis[0].replace(/\s/g, '');
  if (imeis[1]) set.imei2 = imeis[1].replace(/\s/g, '');
  if (str(q.MEID)) set.meid = str(q.MEID);
  if (typeof q.IsSupervised === 'boolean') set.superviseStatus = q.IsSupervised ? SuperviseStatus.SUPERVISED : SuperviseStatus.UNSUPERVISED;
  if (typeof q.IsMDMLostModeEnabled === 'boolean') {
    set.lostModeReported = q.IsMDMLostModeEnabled;
    // An unsupervised phone cannot be put in Lost Mode, so no relock is on its way to it.
    const relocking = before.lockIntent !== null && q.IsSupervised !== false;
    const shown = lockStatusOnReport(before.lockStatus, relocking, q.IsMDMLostModeEnabled);
    if (shown !== undefined) set.lockStatus = shown;
  }
  const simsChanged = before.factsUpdatedAt !== null && (!sameSim(before.sim1, sim1) || !sameSim(before.sim2, sim2));
  if (simsChanged || before.factsUpdatedAt === null) await tx.insert(iosSimLog).values({ deviceId, sim1, sim2 });
  await tx.update(iosDevice).set(set).where(eq(iosDevice.id, deviceId));
  if (simsChanged)
    await emitIosDeviceEvent(tx, deviceId, 'device.sim_changed', {
      sim_1: sim1,
      sim_2: sim2,
      previous_sim_1: before.sim1 ?? null,
      previous_sim_2: before.sim2 ?? null,
    });
  return simsChanged;
}

export async function applyInstalledApps(tx: Tx, deviceId: string, response: PlistDict) {
  const apps: AppEntry[] = list(response.InstalledApplicationList)
    .map(dict)
    .filter((a): a is PlistDict => a !== undefined && typeof a.Identifier === 'string')
    .map((a) => ({ app_name: str(a.Name) ?? str(a.Identifier)!, bundle_id: str(a.Identifier)!, version: str(a.ShortVersion) ?? str(a.Version) }));
  await tx.update(iosDevice).set({ appList: apps, dateUpdated: new Date() }).where(eq(iosDevice.id, deviceId));
}

export async function applyLocation(tx: Tx, deviceId: string, response: PlistDict) {
  const latitude = num(response.Latitude);
  const longitude = num(response.Longitude);
  if (latitude === undefined || longitude === undefined) return;
  const accuracy = num(response.HorizontalAccuracy);
  const stamp = response.Timestamp;
  const measuredAt = stamp instanceof Date ? stamp : typeof stamp === 'string' && !Number.isNaN(Date.parse(stamp)) ? new Date(stamp) : new Date();
  await tx.insert(iosLocationLog).values({ deviceId, latitude, longitude, accuracy, measuredAt });
  await tx
    .update(iosDevice)
    .set({ lastActiveLocation: { latitude, longitude, accuracy, at: measuredAt.toISOString() }, dateUpdated: new Date() })
    .where(eq(iosDevice.id, deviceId));
}

/** recordLostMode writes what the phone's answer to a Lost Mode command says: it is (not) in Lost Mode now. */
export const recordLostMode = (tx: Tx, deviceId: string, lostMode: boolean) =>
  tx
    .update(iosDevice)
    .set({ lockStatus: lostMode ? LockStatus.LOCKED : LockStatus.UNLOCKED, lostModeReported: lostMode, dateUpdated: new Date() })
    .where(eq(iosDevice.id, deviceId));

/**
 * revertLockStatus puts the shown lock state back after a Lost Mode command failed, to what the phone last reported.
 * A phone that never reported has never confirmed Lost Mode (only an acknowledged EnableLostMode or a report sets it),
 * so it is shown unlocked. A failure changes nothing on the phone, so it must not change the state.
 */
export async function revertLockStatus(tx: Tx, deviceId: string) {
  const [d] = await tx.select({ reported: iosDevice.lostModeReported }).from(iosDevice).where(eq(iosDevice.id, deviceId));
  if (!d) return;
  await tx
    .update(iosDevice)
    .set({ lockStatus: d.reported ? LockStatus.LOCKED : LockStatus.UNLOCKED, dateUpdated: new Date() })
    .where(eq(iosDevice.id, deviceId));
}
