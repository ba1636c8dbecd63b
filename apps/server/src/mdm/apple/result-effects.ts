import { eq } from 'drizzle-orm';
import { LockStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { emitIosDeviceEvent } from '../../modules/webhook/device-events.ts';
import { operationLog } from '../../modules/logs/logs.table.ts';
import { applyDeviceInformation, applyInstalledApps, applyLocation, setLockStatus } from './device-facts.ts';
import type { CommandStatus } from './mdm.table.ts';
import type { PlistDict } from './plist.ts';
import type { FinishedCommand } from './queue.repo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** EFFECT_TYPES are the commands whose answer changes the device record; the rest only finish their operation. */
export const EFFECT_TYPES = ['DeviceInformation', 'InstalledApplicationList', 'DeviceLocation', 'EnableLostMode', 'DisableLostMode'];

/** DeviceEvent is something a store may want to hear about (webhooks, SIM alerts). */
export type DeviceEvent = { type: 'sim-changed' | 'locked' | 'unlocked' | 'location'; deviceId: string };

const dictOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) ? (v as PlistDict) : {});

/** errorText is Apple's own explanation from the ErrorChain, first entry first. */
export function errorText(chain: Record<string, unknown>[] | undefined, status: CommandStatus) {
  if (status === 'format-error') return '设备报告指令格式错误';
  const first = chain?.[0];
  const text = first ? String(first.LocalizedDescription ?? first.USEnglishDescription ?? '') : '';
  const code = first?.ErrorCode !== undefined ? `（${String(first.ErrorDomain ?? '')} ${String(first.ErrorCode)}）` : '';
  return `设备执行失败：${text || '未知错误'}${code}`;
}

/**
 * applyResult makes a finished command's answer count, once, inside the transaction that recorded it: device
 * facts, lock state, location, and the operation log's final status. Returns the events it caused.
 */
export async function applyResult(tx: Tx, deviceId: string, cmd: FinishedCommand, status: CommandStatus, response: PlistDict, chain?: Record<string, unknown>[]): Promise<DeviceEvent[]> {
  const ok = status === 'acknowledged';
  const events: DeviceEvent[] = [];
  let summary = ok ? '设备已执行' : errorText(chain, status);
  if (ok) {
    switch (cmd.requestType) {
      case 'DeviceInformation':
        if (await applyDeviceInformation(tx, deviceId, dictOf(response.QueryResponses))) events.push({ type: 'sim-changed', deviceId });
        break;
      case 'InstalledApplicationList':
        await applyInstalledApps(tx, deviceId, response);
        break;
      case 'DeviceLocation':
        await applyLocation(tx, deviceId, response);
        summary = `已定位：${Number(response.Latitude).toFixed(6)}, ${Number(response.Longitude).toFixed(6)}`;
        events.push({ type: 'location', deviceId });
        await emitIosDeviceEvent(tx, deviceId, 'device.location', { latitude: response.Latitude, longitude: response.Longitude, accuracy: response.HorizontalAccuracy ?? null });
        break;
      case 'EnableLostMode':
        await setLockStatus(tx, deviceId, LockStatus.LOCKED);
        events.push({ type: 'locked', deviceId });
        await emitIosDeviceEvent(tx, deviceId, 'device.locked');
        break;
      case 'DisableLostMode':
        await setLockStatus(tx, deviceId, LockStatus.UNLOCKED);
        events.push({ type: 'unlocked', deviceId });
        await emitIosDeviceEvent(tx, deviceId, 'device.unlocked');
        break;
    }
  } else if (cmd.requestType === 'EnableLostMode') {
    await setLockStatus(tx, deviceId, LockStatus.UNLOCKED);
  } else if (cmd.requestType === 'DisableLostMode') {
    await setLockStatus(tx, deviceId, LockStatus.LOCKED);
  }
  if (cmd.operationLogId) {
    await tx
      .update(operationLog)
      .set({ status: ok ? OperationStatus.DONE : OperationStatus.FAILED, result: summary, dateUpdated: new Date() })
      .where(eq(operationLog.id, cmd.operationLogId));
  }
  return events;
}
