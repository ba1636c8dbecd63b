import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { clerk } from './clerk.table.ts';
import { store } from './store.table.ts';

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
  // The parentheses matter: and() does not wrap its parts, and a bare OR would update every clerk.
  const clerkRows = await tx
    .update(clerk)
    .set({ usedQuota: sql`${clerk.usedQuota} + ${n}` })
    .where(and(eq(clerk.id, clerkId), sql`(not ${clerk.quotaLimit} or ${clerk.usedQuota} + ${n} <= ${clerk.totalQuota})`))
    .returning({ id: clerk.id });
  if (!clerkRows.length) throw new AppError('QUOTA_EXCEEDED', '店员设备额度不足，请联系管理员调整额度');
}

/** releaseDeviceSlots gives slots back when devices leave the store for good. */
export async function releaseDeviceSlots(tx: Tx, storeId: string, clerkId: string | null, n: number) {
  await tx
    .update(store)
    .set({ usedDeviceCount: sql`greatest(${store.usedDeviceCount} - ${n}, 0)` })
    .where(eq(store.id, storeId));
  if (clerkId)
    await tx
      .update(clerk)
      .set({ usedQuota: sql`greatest(${clerk.usedQuota} - ${n}, 0)` })
      .where(eq(clerk.id, clerkId));
}

/**
 * moveClerkSlots carries the used quota along when devices change clerk (iOS and Android change-for-clerk),
 * so used_quota keeps counting the devices each clerk holds: a receiving clerk with a limited quota must have
 * room for all of them (checked in the UPDATE, like reserveDeviceSlots); the giving clerks get theirs back.
 */
export async function moveClerkSlots(tx: Tx, moves: { fromClerkId: string | null; toClerkId: string | null }[]) {
  const delta = new Map<string, number>();
  for (const m of moves) {
    if (m.fromClerkId === m.toClerkId) continue;
    if (m.fromClerkId) delta.set(m.fromClerkId, (delta.get(m.fromClerkId) ?? 0) - 1);
    if (m.toClerkId) delta.set(m.toClerkId, (delta.get(m.toClerkId) ?? 0) + 1);
  }
  for (const [clerkId, n] of delta) {
    if (n > 0) {
      const rows = await tx
        .update(clerk)
        .set({ usedQuota: sql`${clerk.usedQuota} + ${n}` })
        .where(and(eq(clerk.id, clerkId), sql`(not ${clerk.quotaLimit} or ${clerk.usedQuota} + ${n} <= ${clerk.totalQuota})`))
        .returning({ id: clerk.id });
      if (!rows.length) throw new AppError('QUOTA_EXCEEDED', '接收店员的设备额度不足，请先调整其额度');
    } else if (n < 0) {
      await tx
        .update(clerk)
        .set({ usedQuota: sql`greatest(${clerk.usedQuota} - ${-n}, 0)` })
        .where(eq(clerk.id, clerkId));
    }
  }
}
