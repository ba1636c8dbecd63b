import { LockStatus } from '@lease/shared';
import { emitIosDeviceEvent } from '../../../modules/webhook/device-events.ts';
import { applyDeviceInformation, applyInstalledApps, applyLocation, setLockStatus } from '../device-facts.ts';
import type { PlistDict } from '../plist.ts';
import type { EffectTable } from './result-effect.ts';

const dictOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) ? (v as PlistDict) : {});

/** coreEffects: facts, apps, location and Lost Mode (Apple part 1). */
export const coreEffects: EffectTable = {
  DeviceInformation: [
    async ({ tx, deviceId, ok, response }) => {
      if (ok && (await applyDeviceInformation(tx, deviceId, dictOf(response.QueryResponses)))) return { events: [{ type: 'sim-changed', deviceId }] };
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
      await emitIosDeviceEvent(tx, deviceId, 'device.location', { latitude: response.Latitude, longitude: response.Longitude, accuracy: response.HorizontalAccuracy ?? null });
      return { summary: `已定位：${Number(response.Latitude).toFixed(6)}, ${Number(response.Longitude).toFixed(6)}`, events: [{ type: 'location', deviceId }] };
    },
  ],
  EnableLostMode: [
    async ({ tx, deviceId, ok }) => {
      await setLockStatus(tx, deviceId, ok ? LockStatus.LOCKED : LockStatus.UNLOCKED);
      if (!ok) return undefined;
      await emitIosDeviceEvent(tx, deviceId, 'device.locked');
      return { events: [{ type: 'locked', deviceId }] };
    },
  ],
  DisableLostMode: [
    async ({ tx, deviceId, ok }) => {
      await setLockStatus(tx, deviceId, ok ? LockStatus.UNLOCKED : LockStatus.LOCKED);
      if (!ok) return undefined;
      await emitIosDeviceEvent(tx, deviceId, 'device.unlocked');
      return { events: [{ type: 'unlocked', deviceId }] };
    },
  ],
};
