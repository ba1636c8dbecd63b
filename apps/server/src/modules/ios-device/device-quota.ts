import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { clerk } from '../clerk/clerk.table.ts';
import { store } from '../store/store.table.ts';

type Tx = Pick<Db, 'update'>;

/**
 * reserveDeviceSlots takes n of the store's device slots and, when the clerk's quota is limited, n of the
 * clerk's (spec §3 Store device_count/used_device_count, Clerk total_quota/used_quota). Each check is the
 * UPDATE's own condition, so two enrolments racing for the last slot cannot both win.
 */
export async function reserveDeviceSlots(tx: Tx, storeId: string, clerkId: string | null, n: number) {
  const storeRows = await tx
    .update(store)
    .set({ usedDeviceCount: sql`${store.usedDeviceCount} + ${n}` })
    .where(and(eq(store.id, storeId), sql`${store.usedDeviceCount} + ${n} <= ${store.deviceCount}`))
    .returning({ id: store.id });
  if (!storeRows.length) throw new AppError('QUOTA_EXCEEDED', '门店设备额度不足，请联系平台增加额度');
  if (!clerkId) return;
  const clerkRows = await tx
    .update(clerk)
    .set({ usedQuota: sql`${clerk.usedQuota} + ${n}` })
    .where(and(eq(clerk.id, clerkId), sql`(not ${clerk.quotaLimit}) or ${clerk.usedQuota} + ${n} <= ${clerk.totalQuota}`))
    .returning({ id: clerk.id });
  if (!clerkRows.length) throw new AppError('QUOTA_EXCEEDED', '店员设备额度不足，请联系管理员调整额度');
}

/** releaseDeviceSlots gives slots back when devices leave the store for good. */
export async function releaseDeviceSlots(tx: Tx, storeId: string, clerkId: string | null, n: number) {
  await tx.update(store).set({ usedDeviceCount: sql`greatest(${store.usedDeviceCount} - ${n}, 0)` }).where(eq(store.id, storeId));
  if (clerkId) await tx.update(clerk).set({ usedQuota: sql`greatest(${clerk.usedQuota} - ${n}, 0)` }).where(eq(clerk.id, clerkId));
}
