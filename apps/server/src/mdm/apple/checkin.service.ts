import { eq } from 'drizzle-orm';
import { EnrollmentStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { emitIosDeviceEvent } from '../../domain/webhook-outbox.ts';
import { reserveDeviceSlots } from '../../domain/device-quota.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { Commander } from './commander.ts';
import type { DdmAnswer, DdmCheckin } from './ddm/ddm-checkin.ts';
import { DeviceRefusal } from './device-refusal.ts';
import type { EnrollmentRepo } from './enrolment.repo.ts';
import type { Tx } from './effects/result-effect.ts';
import type { PlistDict } from './plist.ts';
import type { QueueRepo } from './queue.repo.ts';

export interface DeviceIdentity {
  fingerprint: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** isUserChannel: a check-in message of a user channel names its user (Apple's TokenUpdate schema). */
const isUserChannel = (msg: PlistDict) => ['UserID', 'UserShortName', 'UserLongName'].some((key) => key in msg);

/**
 * createCheckinService handles Authenticate, TokenUpdate and CheckOut (Apple's check-in protocol). The
 * certificate proved by Mdm-Signature is bound to the UDID at Authenticate, as nanomdm's certauth does;
 * every later message must come with that same certificate.
 */
export function createCheckinService(deps: {
  db: Db;
  enrollments: EnrollmentRepo;
  queue: QueueRepo;
  commander: () => Commander;
  topic: string;
  /** Runs once a phone has become manageable (its first TokenUpdate of an enrolment), before the facts refresh. */
  onEnrolled?: (deviceId: string) => Promise<void>;
  /**
   * Runs inside the transaction of that first TokenUpdate: what must never be lost to a crash between the phone
   * becoming manageable and the steps after (the store's relock). A failure fails the check-in; the phone retries.
   */
  onEnrolledInTx?: (tx: Tx, deviceId: string) => Promise<void>;
  /** Answers DeclarativeManagement check-ins (ddm/ddm-checkin.ts); without it they are refused as unsupported. */
  ddm?: DdmCheckin;
}) {
  const { db, enrollments } = deps;

  async function authenticate(id: DeviceIdentity, msg: PlistDict) {
    const udid = text(msg.UDID);
    const serial = text(msg.SerialNumber).toUpperCase();
    if (!udid || !serial) throw new DeviceRefusal('bad-message', 'Authenticate needs UDID and SerialNumber');
    const cert = await enrollments.identity(id.fingerprint);
    if (!cert) throw new DeviceRefusal('unknown-identity');
    if (cert.releasedAt) throw new DeviceRefusal('released');
    const bound = await enrollments.byFingerprint(id.fingerprint);
    if (bound?.released) throw new DeviceRefusal('released');
    if (bound && bound.udid !== udid) throw new DeviceRefusal('identity-mismatch', 'certificate belongs to another device');
    const other = await enrollments.byUdid(udid);

    await db.transaction(async (tx) => {
      let device = cert.deviceId ? await enrollments.deviceById(tx, cert.deviceId) : await enrollments.deviceBySerial(tx, cert.storeId, serial);
      if (device && device.serialNumber !== serial) throw new DeviceRefusal('identity-mismatch', 'profile was made for another serial number');
      if (other && other.deviceId !== device?.id && !other.released) {
        const owner = await enrollments.deviceById(tx, other.deviceId);
        if (owner && owner.storeId !== cert.storeId) throw new DeviceRefusal('enrolled-elsewhere');
      }
      // A new phone takes a slot; so does one coming back after its release gave its slot up.
      if (!device || device.enrollmentStatus === EnrollmentStatus.RELEASED) {
        try {
          await reserveDeviceSlots(tx, cert.storeId, device ? device.clerkId : cert.clerkId, 1);
        } catch (err) {
          if (err instanceof AppError) throw new DeviceRefusal('quota', err.message);
          throw err;
        }
      }
      if (!device) [device] = await tx.insert(iosDevice).values({ storeId: cert.storeId, clerkId: cert.clerkId, serialNumber: serial }).returning();
      // A phone enrolling again (after erase or removal) must never run what was queued for its old life.
      await deps.queue.cancelPending(tx, device.id, '设备重新接入，旧指令已取消');
      await tx.update(iosDevice).set({ udid: null }).where(eq(iosDevice.udid, udid));
      await tx
        .update(iosDevice)
        .set({
          udid,
          osVersion: text(msg.OSVersion) || device.osVersion,
          model: text(msg.ProductName) || device.model,
          imei1: text(msg.IMEI).replace(/\s/g, '') || device.imei1,
          meid: text(msg.MEID) || device.meid,
          dateUpdated: new Date(),
        })
        .where(eq(iosDevice.id, device.id));
      await enrollments.bind(tx, { deviceId: device.id, udid, fingerprint: id.fingerprint });
    });
  }

  async function enrolledFor(id: DeviceIdentity, msg: PlistDict) {
    const row = await enrollments.current(id.fingerprint, text(msg.UDID));
    if (!row) throw new DeviceRefusal('not-enrolled');
    if (row.udid !== text(msg.UDID)) throw new DeviceRefusal('identity-mismatch', 'UDID does not match the certificate');
    return row;
  }

  /** enrolledSender: the certificate speaks for an enrolment (some messages, the bootstrap-token ones, carry no UDID). */
  async function enrolledSender(id: DeviceIdentity) {
    const row = await enrollments.byFingerprint(id.fingerprint);
    if (!row) throw new DeviceRefusal('not-enrolled');
    if (row.released) throw new DeviceRefusal('released');
  }

  async function tokenUpdate(id: DeviceIdentity, msg: PlistDict) {
    const row = await enrolledFor(id, msg);
    if (row.released) throw new DeviceRefusal('released');
    // A user channel's TokenUpdate carries its own token: it must never replace the device channel's. The user
    // channel is declined (UserAuthenticate answers 410), so such a message is acknowledged and kept out.
    if (isUserChannel(msg)) return;
    const token = msg.Token;
    const pushMagic = text(msg.PushMagic);
    if (!Buffer.isBuffer(token) || !pushMagic) throw new DeviceRefusal('bad-message', 'TokenUpdate needs Token and PushMagic');
    const unlock = Buffer.isBuffer(msg.UnlockToken) ? msg.UnlockToken.toString('base64') : row.unlockToken;
    // bind() clears tokenUpdatedAt at every Authenticate: each fresh enrolment gets the after-enrolment steps again.
    const firstTime = row.tokenUpdatedAt === null;
    await db.transaction(async (tx) => {
      await enrollments.update(
        row.deviceId,
        {
          topic: text(msg.Topic) || deps.topic,
          tokenHex: token.toString('hex'),
          pushMagic,
          unlockToken: unlock,
          enabled: true,
          pushDead: false,
          tokenUpdatedAt: new Date(),
          nextPushAt: null,
        },
        tx,
      );
      await tx.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.ENROLLED, lastActiveTime: new Date() }).where(eq(iosDevice.id, row.deviceId));
      // The first TokenUpdate after Authenticate (bind clears `enabled`) is when the phone becomes manageable.
      if (!row.enabled) await emitIosDeviceEvent(tx, row.deviceId, 'device.enrolled');
      if (firstTime) await deps.onEnrolledInTx?.(tx, row.deviceId);
    });
    if (firstTime) {
      // The after-enrolment steps queue before the facts refresh wakes the phone.
      await deps.onEnrolled?.(row.deviceId);
      await deps.commander().refreshFacts([row.deviceId]);
    }
  }

  /** declarativeManagement: the DDM endpoints, for the device channel of an enrolled phone only (Apple's check-in schema). */
  async function declarativeManagement(id: DeviceIdentity, msg: PlistDict, ddm: DdmCheckin): Promise<DdmAnswer> {
    const row = await enrolledFor(id, msg);
    if (row.released) throw new DeviceRefusal('released');
    if (isUserChannel(msg)) throw new DeviceRefusal('user-channel-declined', 'this server manages the device channel only');
    return ddm(row.deviceId, msg);
  }

  async function checkOut(id: DeviceIdentity, msg: PlistDict) {
    const row = await enrolledFor(id, msg);
    await db.transaction(async (tx) => {
      await enrollments.update(row.deviceId, { enabled: false }, tx);
      await deps.queue.cancelPending(tx, row.deviceId, '设备已移除管理描述文件');
      // A phone the store released (remove-main-profile) checks out as it goes: it stays 已释放, not 已脱离管理.
      if (!row.released) {
        await tx.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.CHECKED_OUT, dateUpdated: new Date() }).where(eq(iosDevice.id, row.deviceId));
        await emitIosDeviceEvent(tx, row.deviceId, 'device.released', { reason: 'checkout' });
      }
    });
  }

  return {
    /** handle answers a check-in message: an empty 200 unless it returns a JSON answer (DeclarativeManagement). */
    async handle(id: DeviceIdentity, msg: PlistDict) {
      switch (msg.MessageType) {
        case 'Authenticate':
          return authenticate(id, msg);
        case 'TokenUpdate':
          return tokenUpdate(id, msg);
        case 'CheckOut':
          return checkOut(id, msg);
        case 'DeclarativeManagement':
          if (deps.ddm) return declarativeManagement(id, msg, deps.ddm);
          break;
        case 'UserAuthenticate':
          // The profile does not offer per-user connections; a phone that asks anyway is told the channel is gone.
          await enrolledSender(id);
          throw new DeviceRefusal('user-channel-declined', 'this server manages the device channel only');
      }
      // GetToken and the macOS bootstrap-token messages: capabilities this server does not advertise
      // (docs/apple-checkin-messages.md). The sender must still be an enrolled phone.
      await enrolledSender(id);
      throw new DeviceRefusal('unsupported-message', `unsupported MessageType ${String(msg.MessageType)}`);
    },
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;
