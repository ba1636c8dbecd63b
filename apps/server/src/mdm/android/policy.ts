import { eq } from 'drizzle-orm';
import type { AgentPolicy } from '@lease/shared/agent-protocol';
import { LockStatus, RegulateStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { store } from '../../domain/store.table.ts';

export const wallpaperPath = (id: string) => `/agent/v1/wallpapers/${id}`;

/** Desired lock: a lock on its way or applied is "locked"; an unlock on its way or applied is not. */
export const isLockedState = (lockStatus: number) => lockStatus === LockStatus.LOCKING || lockStatus === LockStatus.LOCKED;
export const isRegulatedState = (status: number) => status === RegulateStatus.REGULATING || status === RegulateStatus.REGULATED;

/**
 * buildPolicy is the device's whole desired state as the console last wrote it; the agent reconciles to it
 * (state-based sync: a lost command is repaired by the next policy fetch).
 */
export async function buildPolicy(db: Pick<Db, 'select'>, deviceId: string, publicUrl: string): Promise<AgentPolicy | null> {
  const [row] = await db
    .select({ d: androidDevice, offlineLockHours: store.androidOfflineLockHours })
    .from(androidDevice)
    .innerJoin(store, eq(store.id, androidDevice.storeId))
    .where(eq(androidDevice.id, deviceId));
  if (!row) return null;
  const { d } = row;
  return {
    policy_version: d.policyVersion,
    lock: { locked: isLockedState(d.lockStatus), message: d.lockMessage, phone_number: d.lockPhoneNumber },
    regulated: isRegulatedState(d.regulateStatus),
    system_restriction: d.systemRestriction,
    app_restriction: { enable: d.appRestrictionEnable, mode: d.appRestrictionMode, list: d.appRestrictionList },
    wallpaper: d.wallpaperId ? { id: d.wallpaperId, url: `${publicUrl}${wallpaperPath(d.wallpaperId)}` } : null,
    offline_lock_hours: row.offlineLockHours,
    lease: d.leaseOffline ?? null,
    server_time: new Date().toISOString(),
  };
}
