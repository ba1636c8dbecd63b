import { type SQL, and, asc, count, desc, eq, gte, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { IosListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { mdmCommand, mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice, iosLocationLog, iosSimLog } from '../../domain/ios-device.table.ts';

export type IosDeviceRow = typeof iosDevice.$inferSelect;

/** DeviceScope is whose devices a caller may see: the store's, and only their own without view-all. */
export interface DeviceScope {
  storeId: string;
  /** Set when the caller lacks list:view-all: only devices assigned to this clerk. */
  clerkId?: string;
}

/** China Standard Time: the 8-digit dates of the filters are local days of the store. */
const dayStart = (yyyymmdd: string) => new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00+08:00`);

function scopeConditions(scope: DeviceScope): SQL[] {
  const where = [eq(iosDevice.storeId, scope.storeId)];
  if (scope.clerkId) where.push(eq(iosDevice.clerkId, scope.clerkId));
  return where;
}

/** IosDeviceRepo holds the Apple device queries; every one is scoped to a store (and clerk when asked). */
export function createIosDeviceRepo(db: Db) {
  return {
    async list(scope: DeviceScope, q: IosListQuery, recycled: boolean, now = new Date()) {
      const where = [...scopeConditions(scope), eq(iosDevice.recycledStatus, recycled ? 1 : 0)];
      if (q.imei) where.push(or(like(iosDevice.imei1, `${q.imei}%`), like(iosDevice.imei2, `${q.imei}%`))!);
      if (q.hirer_phone_number) where.push(like(iosDevice.hirerPhoneNumber, `${q.hirer_phone_number}%`));
      if (q.serial_number) where.push(like(iosDevice.serialNumber, `${q.serial_number.toUpperCase()}%`));
      if (q.for_clerk) where.push(eq(iosDevice.clerkId, q.for_clerk));
      if (q.lock_status !== undefined) where.push(eq(iosDevice.lockStatus, q.lock_status));
      if (q.registration_time) {
        const [from, to] = [...q.registration_time].sort();
        where.push(gte(iosDevice.registrationTime, dayStart(from)), lt(iosDevice.registrationTime, new Date(dayStart(to).getTime() + 86_400_000)));
      }
      if (q.offline_duration) {
        const since = new Date(now.getTime() - q.offline_duration * 3_600_000);
        where.push(or(isNull(iosDevice.lastActiveTime), lte(iosDevice.lastActiveTime, since))!);
      }
      const column = q.sort_index === 'last_active_time' ? iosDevice.lastActiveTime : iosDevice.registrationTime;
      const order = q.sort_direction === 'ascend' ? [sql`${column} asc nulls first`, asc(iosDevice.id)] : [sql`${column} desc nulls last`, desc(iosDevice.id)];
      const condition = and(...where);
      // Deferred join: page through ids alone (index-only), then read just the page's rows. Deep pages
      // then skip index entries instead of whole rows.
      const [pageIds, [{ n }]] = await Promise.all([
        db.select({ id: iosDevice.id }).from(iosDevice).where(condition).orderBy(...order).limit(q.page_size).offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(iosDevice).where(condition),
      ]);
      const ids = pageIds.map((r) => r.id);
      const rows = ids.length
        ? await db.select({ device: iosDevice, clerkName: clerk.name }).from(iosDevice).leftJoin(clerk, eq(clerk.id, iosDevice.clerkId)).where(inArray(iosDevice.id, ids))
        : [];
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.device.id)! - position.get(b.device.id)!);
      return { rows, total: n };
    },

    async find(scope: DeviceScope, id: string) {
      const [row] = await db
        .select({ device: iosDevice, clerkName: clerk.name })
        .from(iosDevice)
        .leftJoin(clerk, eq(clerk.id, iosDevice.clerkId))
        .where(and(...scopeConditions(scope), eq(iosDevice.id, id)));
      return row;
    },

    /** findMany returns the subset of ids the scope may touch, for batch operations. */
    async findMany(scope: DeviceScope, ids: string[]) {
      if (!ids.length) return [];
      return db.select().from(iosDevice).where(and(...scopeConditions(scope), inArray(iosDevice.id, ids)));
    },

    async mdmCheck(deviceId: string) {
      const [enrollment] = await db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId));
      const [{ n }] = await db
        .select({ n: count() })
        .from(mdmCommand)
        .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.status, ['queued', 'sent', 'not-now'])));
      return { enrollment, pending: n };
    },

    async simLog(deviceId: string, page: { page_num: number; page_size: number }) {
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(iosSimLog).where(eq(iosSimLog.deviceId, deviceId)).orderBy(desc(iosSimLog.dateCreated), desc(iosSimLog.id)).limit(page.page_size).offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(iosSimLog).where(eq(iosSimLog.deviceId, deviceId)),
      ]);
      return { rows, total: n };
    },

    async locationLog(deviceId: string, page: { page_num: number; page_size: number }) {
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(iosLocationLog).where(eq(iosLocationLog.deviceId, deviceId)).orderBy(desc(iosLocationLog.measuredAt), desc(iosLocationLog.id)).limit(page.page_size).offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(iosLocationLog).where(eq(iosLocationLog.deviceId, deviceId)),
      ]);
      return { rows, total: n };
    },

    async models(scope: DeviceScope) {
      return db.selectDistinct({ model: iosDevice.model }).from(iosDevice).where(and(...scopeConditions(scope), sql`${iosDevice.model} <> ''`)).orderBy(iosDevice.model);
    },

    async update(scope: DeviceScope, ids: string[], values: Partial<typeof iosDevice.$inferInsert>, tx: Pick<Db, 'update'> = db) {
      return tx
        .update(iosDevice)
        .set({ ...values, dateUpdated: new Date() })
        .where(and(...scopeConditions(scope), inArray(iosDevice.id, ids)))
        .returning({ id: iosDevice.id });
    },
  };
}
export type IosDeviceRepo = ReturnType<typeof createIosDeviceRepo>;
