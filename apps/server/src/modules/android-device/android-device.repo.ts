import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AndroidListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { type Page, paged } from '../../db/paged.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { androidDevice, androidLocationLog } from '../../domain/android-device.table.ts';
import { type DeviceScope, listDevices, scopeConditions } from '../../domain/device-list.ts';

export type AndroidDeviceRow = typeof androidDevice.$inferSelect;
export type { DeviceScope };

/** AndroidDeviceRepo holds the Android device queries; every one is scoped to a store (and clerk when asked). */
export function createAndroidDeviceRepo(db: Db) {
  return {
    async list(scope: DeviceScope, q: AndroidListQuery, now = new Date()) {
      const where = [...scopeConditions(androidDevice, scope), eq(androidDevice.archived, q.archived)];
      if (q.serial_number) where.push(like(androidDevice.serialNumber, `${q.serial_number}%`));
      if (q.brand) where.push(eq(androidDevice.brand, q.brand));
      if (q.model) where.push(eq(androidDevice.model, q.model));
      if (q.channel !== undefined) where.push(eq(androidDevice.channel, q.channel));
      if (q.regulate_status !== undefined) where.push(eq(androidDevice.regulateStatus, q.regulate_status));
      return listDevices(db, androidDevice, where, q, now);
    },

    async find(scope: DeviceScope, id: string) {
      const [row] = await db
        .select({ device: androidDevice, clerkName: clerk.name })
        .from(androidDevice)
        .leftJoin(clerk, eq(clerk.id, androidDevice.clerkId))
        .where(and(...scopeConditions(androidDevice, scope), eq(androidDevice.id, id)));
      return row;
    },

    /** filterOptions: the distinct brands, models and channels among the devices the scope sees. */
    async filterOptions(scope: DeviceScope) {
      const where = and(...scopeConditions(androidDevice, scope));
      const [brands, models, channels] = await Promise.all([
        db
          .selectDistinct({ v: androidDevice.brand })
          .from(androidDevice)
          .where(and(where, sql`${androidDevice.brand} <> ''`))
          .orderBy(androidDevice.brand),
        db
          .selectDistinct({ v: androidDevice.model })
          .from(androidDevice)
          .where(and(where, sql`${androidDevice.model} <> ''`))
          .orderBy(androidDevice.model),
        db.selectDistinct({ v: androidDevice.channel }).from(androidDevice).where(where).orderBy(androidDevice.channel),
      ]);
      return { brands: brands.map((r) => r.v), models: models.map((r) => r.v), channels: channels.map((r) => r.v) };
    },

    async locationLog(deviceId: string, page: Page) {
      const where = eq(androidLocationLog.deviceId, deviceId);
      return paged(
        db,
        page,
        db.select().from(androidLocationLog).where(where).orderBy(desc(androidLocationLog.measuredAt), desc(androidLocationLog.id)).$dynamic(),
        {
          from: androidLocationLog,
          where,
        },
      );
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
        .where(and(...scopeConditions(androidDevice, scope), inArray(androidDevice.id, ids)))
        .returning({ id: androidDevice.id });
    },
  };
}
export type AndroidDeviceRepo = ReturnType<typeof createAndroidDeviceRepo>;
