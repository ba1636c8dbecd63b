import { and, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { IosListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { type Page, paged } from '../../db/paged.ts';
import { mdmCommand, mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { type DeviceScope, listDevices, scopeConditions } from '../../domain/device-list.ts';
import { iosDevice, iosLocationLog, iosSimLog } from '../../domain/ios-device.table.ts';

export type IosDeviceRow = typeof iosDevice.$inferSelect;
export type { DeviceScope };

/** IosDeviceRepo holds the Apple device queries; every one is scoped to a store (and clerk when asked). */
export function createIosDeviceRepo(db: Db) {
  return {
    async list(scope: DeviceScope, q: IosListQuery, recycled: boolean, now = new Date()) {
      const where = [...scopeConditions(iosDevice, scope), eq(iosDevice.recycledStatus, recycled ? 1 : 0)];
      if (q.serial_number) where.push(like(iosDevice.serialNumber, `${q.serial_number.toUpperCase()}%`));
      return listDevices(db, iosDevice, where, q, now);
    },

    async find(scope: DeviceScope, id: string) {
      const [row] = await db
        .select({ device: iosDevice, clerkName: clerk.name })
        .from(iosDevice)
        .leftJoin(clerk, eq(clerk.id, iosDevice.clerkId))
        .where(and(...scopeConditions(iosDevice, scope), eq(iosDevice.id, id)));
      return row;
    },

    /** findMany returns the subset of ids the scope may touch, for batch operations. */
    async findMany(scope: DeviceScope, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(iosDevice)
        .where(and(...scopeConditions(iosDevice, scope), inArray(iosDevice.id, ids)));
    },

    async mdmCheck(deviceId: string) {
      const [enrollment] = await db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId));
      const [{ n }] = await db
        .select({ n: count() })
        .from(mdmCommand)
        .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.status, ['queued', 'sent', 'not-now'])));
      return { enrollment, pending: n };
    },

    async simLog(deviceId: string, page: Page) {
      const where = eq(iosSimLog.deviceId, deviceId);
      return paged(db, page, db.select().from(iosSimLog).where(where).orderBy(desc(iosSimLog.dateCreated), desc(iosSimLog.id)).$dynamic(), {
        from: iosSimLog,
        where,
      });
    },

    async locationLog(deviceId: string, page: Page) {
      const where = eq(iosLocationLog.deviceId, deviceId);
      return paged(db, page, db.select().from(iosLocationLog).where(where).orderBy(desc(iosLocationLog.measuredAt), desc(iosLocationLog.id)).$dynamic(), {
        from: iosLocationLog,
        where,
      });
    },

    async models(scope: DeviceScope) {
      return db
        .selectDistinct({ model: iosDevice.model })
        .from(iosDevice)
        .where(and(...scopeConditions(iosDevice, scope), sql`${iosDevice.model} <> ''`))
        .orderBy(iosDevice.model);
    },

    async update(scope: DeviceScope, ids: string[], values: Partial<typeof iosDevice.$inferInsert>, tx: Pick<Db, 'update'> = db) {
      return tx
        .update(iosDevice)
        .set({ ...values, dateUpdated: new Date() })
        .where(and(...scopeConditions(iosDevice, scope), inArray(iosDevice.id, ids)))
        .returning({ id: iosDevice.id });
    },
  };
}
export type IosDeviceRepo = ReturnType<typeof createIosDeviceRepo>;
