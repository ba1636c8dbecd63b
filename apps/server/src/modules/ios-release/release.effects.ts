import { eq } from 'drizzle-orm';
import { DnsSettingStatus, EnrollmentStatus, GlobalProxyStatus, LockStatus, OsUpdateStatus } from '@lease/shared';
import type { EffectTable, Tx } from '../../mdm/apple/effects/result-effect.ts';
import { mdmEnrollment, mdmIdentity } from '../../mdm/apple/mdm.table.ts';
import { cancelPendingCommands } from '../../mdm/apple/queue.repo.ts';
import { releaseDeviceSlots } from '../../domain/device-quota.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { iosWallpaperScreen } from '../ios-settings/ios-settings.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { emitIosDeviceEvent } from '../../domain/webhook-outbox.ts';
import { type ReenrolPath, reenrolText } from './release-rules.ts';

/** cancelPending drops what was queued for the phone's old life; the queue repo's statement only uses the transaction. */
const cancelPending = (tx: Tx, deviceId: string, reason: string) => cancelPendingCommands(tx, deviceId, reason);

async function detailOf(tx: Tx, operationLogId: string | null) {
  if (!operationLogId) return {};
  const [row] = await tx.select({ detail: operationLog.detail }).from(operationLog).where(eq(operationLog.id, operationLogId));
  return row?.detail ?? {};
}

/**
 * ERASED_STATE is the device record of a phone that has just been erased: no lost mode, apps, profiles or
 * pending update. The store's lock intent stays: a phone it holds locked is locked again when it re-enrols. Activation Lock is kept (it survives an erase); the hirer fields are the store's, not the phone's.
 */
const ERASED_STATE = {
  lockStatus: LockStatus.UNLOCKED,
  lostModeReported: false,
  appList: [],
  systemRestriction: {},
  appRestrictionEnable: false,
  appRestrictionList: [],
  wallpaperAllowModify: true,
  globalProxyStatus: GlobalProxyStatus.OFF,
  dnsSettingStatus: DnsSettingStatus.OFF,
  enterpriseAppTrustUntil: null,
  osUpdateStatus: OsUpdateStatus.IDLE,
  osUpdateProgress: null,
};

/**
 * releaseEffects: what the phone's answers to erase and remove-main-profile do to the device record (gathered in modules/ios-effects.ts).
 * Both end the current enrolment, so the channel is closed and the queue dropped in the answer's transaction.
 */
export const releaseEffects: EffectTable = {
  EraseDevice: [
    async ({ tx, deviceId, ok, action, cmd }) => {
      if (action !== 'erase' || !ok) return undefined;
      const reenrol = String((await detailOf(tx, cmd.operationLogId)).reenrol ?? 'none') as ReenrolPath | 'released';
      await tx
        .update(iosDevice)
        .set({ ...ERASED_STATE, dateUpdated: new Date() })
        .where(eq(iosDevice.id, deviceId));
      // The wallpapers went with the erase (and iOS 16's "first wallpaper sets both screens" applies again).
      await tx.delete(iosWallpaperScreen).where(eq(iosWallpaperScreen.deviceId, deviceId));
      if (reenrol === 'released') {
        await releaseDevice(tx, deviceId, 'erased');
      } else {
        // The wiped phone has lost its identity; it comes back (or not) as a new enrolment of the same device row.
        await tx.update(mdmEnrollment).set({ enabled: false }).where(eq(mdmEnrollment.deviceId, deviceId));
        await cancelPending(tx, deviceId, '设备已抹掉，未执行的指令已取消');
        await tx.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.CHECKED_OUT }).where(eq(iosDevice.id, deviceId));
      }
      return { summary: reenrolText[reenrol] ?? reenrolText.none };
    },
  ],
  RemoveProfile: [
    async ({ tx, deviceId, ok, action }) => {
      if (action !== 'remove-main-profile' || !ok) return undefined;
      // The phone drops lost mode and every managed profile with its MDM profile.
      await tx
        .update(iosDevice)
        .set({ lockStatus: LockStatus.UNLOCKED, globalProxyStatus: GlobalProxyStatus.OFF, dnsSettingStatus: DnsSettingStatus.OFF })
        .where(eq(iosDevice.id, deviceId));
      await releaseDevice(tx, deviceId, 'remove-main-profile');
      return { summary: '管理描述文件已移除：设备不再受门店管理，占用的设备名额已释放' };
    },
  ],
};

/**
 * releaseDevice lets the phone go for good, as `remove` does but keeping the record: no pushes or commands, its
 * certificate refused from now on, the record marked released and its device slot given back.
 */
async function releaseDevice(tx: Tx, deviceId: string, reason: 'erased' | 'remove-main-profile') {
  await tx.update(mdmEnrollment).set({ enabled: false, released: true }).where(eq(mdmEnrollment.deviceId, deviceId));
  await tx.update(mdmIdentity).set({ releasedAt: new Date() }).where(eq(mdmIdentity.deviceId, deviceId));
  await cancelPending(tx, deviceId, '设备已释放，未执行的指令已取消');
  const [device] = await tx
    .update(iosDevice)
    .set({ enrollmentStatus: EnrollmentStatus.RELEASED, lockIntent: null, dateUpdated: new Date() })
    .where(eq(iosDevice.id, deviceId))
    .returning({ storeId: iosDevice.storeId, clerkId: iosDevice.clerkId });
  if (device) await releaseDeviceSlots(tx, device.storeId, device.clerkId, 1);
  await emitIosDeviceEvent(tx, deviceId, 'device.released', { reason });
}
