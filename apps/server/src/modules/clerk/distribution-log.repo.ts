import { type SQL, and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DistributionLogItem, DistributionLogQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { dayRangeFilter } from '../../db/date-range.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { deviceDistributionLog as log } from './distribution-log.table.ts';

type Tx = Pick<Db, 'insert' | 'select'>;

export interface HandOver {
  storeId: string;
  platform: 'ios' | 'android';
  deviceId: string;
  fromClerkId: string | null;
  toClerkId: string | null;
  byClerkId: string | null;
  /** The device's serial; looked up when omitted, so the log still reads after the device is deleted. */
  serialNumber?: string;
}

/** serialsOf reads the serials (an Android phone without one: its IMEI) of the hand-overs that did not bring them. */
async function serialsOf(tx: Tx, rows: HandOver[]) {
  const serials = new Map<string, string>();
  const missing = (platform: HandOver['platform']) => rows.filter((r) => r.platform === platform && r.serialNumber === undefined).map((r) => r.deviceId);
  const iosIds = missing('ios');
  const androidIds = missing('android');
  if (iosIds.length) {
    for (const d of await tx.select({ id: iosDevice.id, serial: iosDevice.serialNumber }).from(iosDevice).where(inArray(iosDevice.id, iosIds))) {
      serials.set(d.id, d.serial);
    }
  }
  if (androidIds.length) {
    const found = await tx
      .select({ id: androidDevice.id, serial: androidDevice.serialNumber, imei: androidDevice.imei1 })
      .from(androidDevice)
      .where(inArray(androidDevice.id, androidIds));
    for (const d of found) serials.set(d.id, d.serial || d.imei);
  }
  return serials;
}

/** recordHandOvers writes one row per device whose clerk changed, inside the caller's transaction. */
export async function recordHandOvers(tx: Tx, rows: HandOver[]): Promise<void> {
  const changed = rows.filter((r) => r.fromClerkId !== r.toClerkId);
  if (!changed.length) return;
  const serials = await serialsOf(tx, changed);
  await tx.insert(log).values(
    changed.map((r) => ({
      storeId: r.storeId,
      platform: r.platform,
      deviceId: r.deviceId,
      serialNumber: r.serialNumber ?? serials.get(r.deviceId) ?? '',
      fromClerkId: r.fromClerkId,
      toClerkId: r.toClerkId,
      byClerkId: r.byClerkId,
    })),
  );
}

const fromClerk = alias(clerk, 'from_clerk');
const toClerk = alias(clerk, 'to_clerk');
const byClerk = alias(clerk, 'by_clerk');
/** A left-joined clerk comes back as null when the side is empty (a device registered for a clerk has no giver). */
const ref = (c: { id: string; name: string } | null) => (c ? { id: c.id, name: c.name } : null);

/** DistributionLogRepo reads a store's hand-overs, newest first. */
export function createDistributionLogRepo(db: Db) {
  return {
    async list(storeId: string, q: DistributionLogQuery): Promise<{ list: DistributionLogItem[]; total: number }> {
      const where: SQL[] = [eq(log.storeId, storeId), ...dayRangeFilter(log.dateCreated, q)];
      if (q.for_clerk) where.push(or(eq(log.fromClerkId, q.for_clerk), eq(log.toClerkId, q.for_clerk), eq(log.byClerkId, q.for_clerk))!);
      if (q.platform) where.push(eq(log.platform, q.platform));
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({
            log,
            from: { id: fromClerk.id, name: fromClerk.name },
            to: { id: toClerk.id, name: toClerk.name },
            by: { id: byClerk.id, name: byClerk.name },
          })
          .from(log)
          .leftJoin(fromClerk, eq(fromClerk.id, log.fromClerkId))
          .leftJoin(toClerk, eq(toClerk.id, log.toClerkId))
          .leftJoin(byClerk, eq(byClerk.id, log.byClerkId))
          .where(and(...where))
          .orderBy(desc(log.dateCreated), desc(log.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db
          .select({ n: count() })
          .from(log)
          .where(and(...where)),
      ]);
      return {
        total: n,
        list: rows.map((r) => ({
          id: r.log.id,
          date_created: r.log.dateCreated.toISOString(),
          platform: r.log.platform as 'ios' | 'android',
          device_id: r.log.deviceId,
          serial_number: r.log.serialNumber,
          from_clerk: ref(r.from),
          to_clerk: ref(r.to),
          by_clerk: ref(r.by),
        })),
      };
    },
  };
}
export type DistributionLogRepo = ReturnType<typeof createDistributionLogRepo>;
