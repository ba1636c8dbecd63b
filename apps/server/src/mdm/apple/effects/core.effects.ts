import { emitIosDeviceEvent } from '../../../domain/webhook-outbox.ts';
import { applyDeviceInformation, applyInstalledApps, applyLocation, recordLostMode, revertLockStatus } from '../device-facts.ts';
import type { PlistDict } from '../plist.ts';
import { type EffectTable, hasErrorCode } from './result-effect.ts';

/** Apple's MDMErrorDomain 12067: DisableLostMode on a phone that is not in Lost Mode. */
const NOT_IN_LOST_MODE = 12067;

const dictOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) ? (v as PlistDict) : {});

/** coreEffects: facts, apps, location and Lost Mode (Apple part 1). */
export const coreEffects: EffectTable = {
  DeviceInformation: [
    async ({ tx, deviceId, ok, response }) => {
      if (ok) await applyDeviceInformation(tx, deviceId, dictOf(response.QueryResponses));
      return undefined;
    },
  ],
  InstalledApplicationList: [
    async ({ tx, deviceId, ok, response }) => {
      if (ok) await applyInstalledApps(tx, deviceId, response);
      return undefined;
    },
  ],
  DeviceLocation: [
    async ({ tx, deviceId, ok, response }) => {
      if (!ok) return undefined;
      await applyLocation(tx, deviceId, response);
      await emitIosDeviceEvent(tx, deviceId, 'device.location', {
        latitude: response.Latitude,
        longitude: response.Longitude,
        accuracy: response.HorizontalAccuracy ?? null,
      });
      return { summary: `已定位：${Number(response.Latitude).toFixed(6)}, ${Number(response.Longitude).toFixed(6)}` };
    },
  ],
  EnableLostMode: [
    async ({ tx, deviceId, ok }) => {
      // A refused or expired lock changed nothing on the phone: the state goes back to its last report.
      if (!ok) {
        await revertLockStatus(tx, deviceId);
        return undefined;
      }
      await recordLostMode(tx, deviceId, true);
      await emitIosDeviceEvent(tx, deviceId, 'device.locked');
      return undefined;
    },
  ],
  DisableLostMode: [
    async ({ tx, deviceId, ok, chain }) => {
      // 12067 "not in Lost Mode": the phone is already unlocked, which is what was asked.
      const alreadyUnlocked = !ok && hasErrorCode(chain, NOT_IN_LOST_MODE);
      // Any other failure changed nothing: back to what the phone last reported, never a guess of 已锁定.
      if (!ok && !alreadyUnlocked) {
        await revertLockStatus(tx, deviceId);
        return undefined;
      }
      await recordLostMode(tx, deviceId, false);
      await emitIosDeviceEvent(tx, deviceId, 'device.unlocked');
      return alreadyUnlocked ? { failed: false, summary: '设备本未处于丢失模式（12067），已是解锁状态' } : undefined;
    },
  ],
};
