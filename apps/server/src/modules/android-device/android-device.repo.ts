import { type SQL, and, asc, count, desc, eq, gte, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { AndroidListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { clerk } from '../../domain/clerk.table.ts';
import type { DeviceScope } from '../ios-device/ios-device.repo.ts';
import { androidDevice, androidLocationLog } from '../../domain/android-device.table.ts';

export type AndroidDeviceRow = typeof androidDevice.$inferSelect;
export type { DeviceScope };

/** China Standard Time: the 8-digit dates of the filters are local days of the store. */
const dayStart = (yyyymmdd: string) => new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00+08:00`);

function scopeConditions(scope: DeviceScope): SQL[] {
  const where = [eq(androidDevice.storeId, scope.storeId)];
  if (scope.clerkId) where.push(eq(androidDevice.clerkId, scope.clerkId));
  return where;
}

/** AndroidDeviceRepo holds the Android device queries; every one is scoped to a store (and clerk when asked). */
export function createAndroidDeviceRepo(db: Db) {
  return {
    async list(scope: DeviceScope, q: AndroidListQuery, now = new Date()) {
      const where = [...scopeConditions(scope), eq(androidDevice.archived, q.archived)];
      if (q.imei) where.push(or(like(androidDevice.imei1, `${q.imei}%`), like(androidDevice.imei2, `${q.imei}%`))!);
      if (q.hirer_phone_number) where.push(like(androidDevice.hirerPhoneNumber, `${q.hirer_phone_number}%`));
      if (q.serial_number) where.push(like(androidDevice.serialNumber, `${q.serial_number}%`));
      if (q.brand) where.push(eq(androidDevice.brand, q.brand));
      if (q.model) where.push(eq(androidDevice.model, q.model));
      if (q.channel !== undefined) where.push(eq(androidDevice.channel, q.channel));
      if (q.for_clerk) where.push(eq(androidDevice.clerkId, q.for_clerk));
      if (q.lock_status !== undefined) where.push(eq(androidDevice.lockStatus, q.lock_status));
      if (q.regulate_status !== undefined) where.push(eq(androidDevice.regulateStatus, q.regulate_status));
      if (q.registration_time) {
        const [from, to] = [...q.registration_time].sort();
        where.push(gte(androidDevice.registrationTime, dayStart(from)), lt(androidDevice.registrationTime, new Date(dayStart(to).getTime() + 86_400_000)));
      }
      if (q.offline_duration) {
        const since = new Date(now.getTime() - q.offline_duration * 3_600_000);
        where.push(or(isNull(androidDevice.lastActiveTime), lte(androidDevice.lastActiveTime, since))!);
      }
      const column = q.sort_index === 'last_active_time' ? androidDevice.lastActiveTime : androidDevice.registrationTime;
      const order = q.sort_direction === 'ascend' ? [sql`${column} asc nulls first`, asc(androidDevice.id)] : [sql`${column} desc nulls last`, desc(androidDevice.id)];
      const condition = and(...where);
      // Deferred join, as the Apple list: page through ids alone, then read just the page's rows.
      const [pageIds, [{ n }]] = await Promise.all([
        db.select({ id: androidDevice.id }).from(androidDevice).where(condition).orderBy(...order).limit(q.page_size).offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(androidDevice).where(condition),
      ]);
      const ids = pageIds.map((r) => r.id);
      const rows = ids.length
        ? await db.select({ device: androidDevice, clerkName: clerk.name }).from(androidDevice).leftJoin(clerk, eq(clerk.id, androidDevice.clerkId)).where(inArray(androidDevice.id, ids))
        : [];
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.device.id)! - position.get(b.device.id)!);
      return { rows, total: n };
    },

    async find(scope: DeviceScope, id: string) {
      const [row] = await db
        .select({ device: androidDevice, clerkName: clerk.name })
        .from(androidDevice)
        .leftJoin(clerk, eq(clerk.id, androidDevice.clerkId))
        .where(and(...scopeConditions(scope), eq(androidDevice.id, id)));
      return row;
    },

    /** filterOptions: the distinct brands, models and channels among the devices the scope sees. */
    async filterOptions(scope: DeviceScope) {
      const where = and(...scopeConditions(scope));
      const [brands, models, channels] = await Promise.all([
        db.selectDistinct({ v: androidDevice.brand }).from(androidDevice).where(and(where, sql`${androidDevice.brand} <> ''`)).orderBy(androidDevice.brand),
        db.selectDistinct({ v: androidDevice.model }).from(androidDevice).where(and(where, sql`${androidDevice.model} <> ''`)).orderBy(androidDevice.model),
        db.selectDistinct({ v: androidDevice.channel }).from(androidDevice).where(where).orderBy(androidDevice.channel),
      ]);
      return { brands: brands.map((r) => r.v), models: models.map((r) => r.v), channels: channels.map((r) => r.v) };
    },

    async locationLog(deviceId: string, page: { page_num: number; page_size: number }) {
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(androidLocationLog)
          .where(eq(androidLocationLog.deviceId, deviceId))
          .orderBy(desc(androidLocationLog.measuredAt), desc(androidLocationLog.id))
          .limit(page.page_size)
          .offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(androidLocationLog).where(eq(androidLocationLog.deviceId, deviceId)),
      ]);
      return { rows, total: n };
    },

    /** update writes console fields of devices the scope may touch; policy changes bump policy_version. */
    async update(
      scope: DeviceScope,
      ids: string[],
      values: Partial<typeof androidDevice.$inferInsert>,
      tx: Pick<Db, 'update'> = db,
      opts: { bumpPolicy?: boolean } = {},
    ) {
      return tx
        .update(androidDevice)
        .set({ ...values, ...(opts.bumpPolicy ? { policyVersion: sql`${androidDevice.policyVersion} + 1` } : {}), dateUpdated: new Date() })
        .where(and(...scopeConditions(scope), inArray(androidDevice.id, ids)))
        .returning({ id: androidDevice.id });
    },
  };
}
export type AndroidDeviceRepo = ReturnType<typeof createAndroidDeviceRepo>;
