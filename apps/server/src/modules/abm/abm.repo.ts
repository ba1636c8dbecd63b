import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { AbmStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { abmDevice, abmServer } from './abm.table.ts';

export type AbmServerRow = typeof abmServer.$inferSelect;
export type AbmDeviceValues = Omit<typeof abmDevice.$inferInsert, 'id' | 'storeId' | 'dateUpdated'>;
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** createAbmRepo reads and writes the ABM tables; no rules here. */
export function createAbmRepo(db: Db) {
  return {
    async get(storeId: string, tx: Tx = db): Promise<AbmServerRow | undefined> {
      const [row] = await tx.select().from(abmServer).where(eq(abmServer.storeId, storeId));
      return row;
    },

    /** insertKeys stores a new key pair unless another request made one first; returns the row that won. */
    async insertKeys(storeId: string, keySealed: string, certificatePem: string): Promise<AbmServerRow> {
      await db.insert(abmServer).values({ storeId, keySealed, certificatePem }).onConflictDoNothing();
      const [row] = await db.select().from(abmServer).where(eq(abmServer.storeId, storeId));
      return row;
    },

    async update(storeId: string, values: Partial<typeof abmServer.$inferInsert>, tx: Tx = db) {
      await tx
        .update(abmServer)
        .set({ ...values, dateUpdated: new Date() })
        .where(eq(abmServer.storeId, storeId));
    },

    /**
     * claimDue leases up to `limit` stores whose sync is due. FOR UPDATE SKIP LOCKED makes the pick itself safe
     * between processes, and the lease (not a held transaction) covers the slow calls to Apple that follow.
     */
    async claimDue(limit: number, leaseMs: number): Promise<AbmServerRow[]> {
      const result = await db.execute(sql`
        update ${abmServer} set sync_lease_until = now() + (${leaseMs} * interval '1 millisecond')
        where store_id in (
          select store_id from ${abmServer}
          where token_sealed is not null and next_sync_at <= now() and (sync_lease_until is null or sync_lease_until < now())
          order by next_sync_at limit ${limit}
          for update skip locked)
        returning store_id`);
      const ids = (result as unknown as { rows: { store_id: string }[] }).rows.map((r) => r.store_id);
      return ids.length ? db.select().from(abmServer).where(inArray(abmServer.storeId, ids)) : [];
    },

    /** claim leases one store's sync now (sync-now button); false while another run holds it. */
    async claim(storeId: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(abmServer)
        .set({ syncLeaseUntil: sql`now() + (${leaseMs} * interval '1 millisecond')` })
        .where(and(eq(abmServer.storeId, storeId), sql`token_sealed is not null and (sync_lease_until is null or sync_lease_until < now())`))
        .returning({ id: abmServer.storeId });
      return rows.length > 0;
    },

    async upsertDevices(storeId: string, devices: AbmDeviceValues[], tx: Tx = db) {
      if (!devices.length) return;
      await tx
        .insert(abmDevice)
        .values(devices.map((d) => ({ ...d, storeId, dateUpdated: new Date() })))
        .onConflictDoUpdate({
          target: [abmDevice.storeId, abmDevice.serialNumber],
          set: {
            model: sql`excluded.model`,
            description: sql`excluded.description`,
            color: sql`excluded.color`,
            deviceFamily: sql`excluded.device_family`,
            os: sql`excluded.os`,
            profileStatus: sql`excluded.profile_status`,
            profileUuid: sql`excluded.profile_uuid`,
            profileAssignTime: sql`excluded.profile_assign_time`,
            profilePushTime: sql`excluded.profile_push_time`,
            deviceAssignedDate: sql`coalesce(excluded.device_assigned_date, ${abmDevice.deviceAssignedDate})`,
            deviceAssignedBy: sql`excluded.device_assigned_by`,
            opType: sql`excluded.op_type`,
            opDate: sql`excluded.op_date`,
            dateUpdated: sql`excluded.date_updated`,
          },
        });
    },

    /** markDeleted keeps a row for a device that left our ABM server, so the page can still say so. */
    async markDeleted(storeId: string, serials: { serial: string; opDate: Date | null }[], tx: Tx = db) {
      for (const { serial, opDate } of serials) {
        await tx
          .insert(abmDevice)
          .values({ storeId, serialNumber: serial, profileStatus: 'deleted', opType: 'deleted', opDate })
          .onConflictDoUpdate({
            target: [abmDevice.storeId, abmDevice.serialNumber],
            set: { profileStatus: 'deleted', opType: 'deleted', opDate, profileUuid: null, dateUpdated: new Date() },
          });
      }
    },

    async setProfileAssigned(storeId: string, serials: string[], profileUuid: string, tx: Tx = db) {
      if (!serials.length) return;
      await tx
        .update(abmDevice)
        .set({ profileStatus: 'assigned', profileUuid, profileAssignTime: new Date(), dateUpdated: new Date() })
        .where(and(eq(abmDevice.storeId, storeId), inArray(abmDevice.serialNumber, serials)));
    },

    /**
     * reconcileIosAbmStatus mirrors the ABM state onto the store's console devices with the same serial, in one
     * statement, so devices registered after their ABM record arrived get their status on the next run too.
     */
    async reconcileIosAbmStatus(storeId: string, tx: Tx = db) {
      await tx.execute(sql`
        update ios_device d set abm_status = s.status, date_updated = now()
        from (select serial_number, case
                when op_type = 'deleted' or profile_status in ('removed', 'deleted') then ${AbmStatus.REMOVED}::int
                when profile_status = 'pushed' then ${AbmStatus.PUSHED}::int
                when profile_status = 'assigned' then ${AbmStatus.ASSIGNED}::int
                else ${AbmStatus.NONE}::int end as status
              from abm_device where store_id = ${storeId}) s
        where d.for_store = ${storeId} and d.serial_number = s.serial_number and d.abm_status <> s.status`);
    },

    async setIosAbmStatus(storeId: string, serial: string, abmStatus: number, tx: Tx = db) {
      await tx
        .update(iosDevice)
        .set({ abmStatus, dateUpdated: new Date() })
        .where(and(eq(iosDevice.storeId, storeId), eq(iosDevice.serialNumber, serial)));
    },

    /** markPushed records that the phone fetched our profile in Setup Assistant (Apple reports the same as pushed). */
    async markPushed(storeId: string, serial: string, tx: Tx = db) {
      await tx
        .update(abmDevice)
        .set({ profileStatus: 'pushed', profilePushTime: new Date(), dateUpdated: new Date() })
        .where(and(eq(abmDevice.storeId, storeId), eq(abmDevice.serialNumber, serial)));
    },

    async device(storeId: string, serial: string, tx: Tx = db) {
      const [row] = await tx
        .select()
        .from(abmDevice)
        .where(and(eq(abmDevice.storeId, storeId), eq(abmDevice.serialNumber, serial)));
      return row;
    },

    async unassignedSerials(storeId: string, profileUuid: string): Promise<string[]> {
      const rows = await db
        .select({ serial: abmDevice.serialNumber })
        .from(abmDevice)
        .where(and(eq(abmDevice.storeId, storeId), sql`${abmDevice.opType} <> 'deleted'`, sql`${abmDevice.profileUuid} is distinct from ${profileUuid}`));
      return rows.map((r) => r.serial);
    },

    async countDevices(storeId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(abmDevice)
        .where(and(eq(abmDevice.storeId, storeId), sql`${abmDevice.opType} <> 'deleted'`));
      return row.n;
    },

    async listDevices(storeId: string, q: { page_num: number; page_size: number; serial_number?: string }) {
      const where = and(
        eq(abmDevice.storeId, storeId),
        q.serial_number ? ilike(abmDevice.serialNumber, `${q.serial_number.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ d: abmDevice, deviceId: iosDevice.id, abmStatus: iosDevice.abmStatus })
          .from(abmDevice)
          .leftJoin(iosDevice, and(eq(iosDevice.storeId, abmDevice.storeId), eq(iosDevice.serialNumber, abmDevice.serialNumber)))
          .where(where)
          .orderBy(desc(abmDevice.dateUpdated), abmDevice.serialNumber)
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(abmDevice).where(where),
      ]);
      return { rows, total: total.n };
    },

    /** forgetDevices drops the device list when the store switches to another ABM server; the new list's sync sets the statuses again. */
    async forgetDevices(storeId: string, tx: Tx = db) {
      await tx.delete(abmDevice).where(eq(abmDevice.storeId, storeId));
      await tx
        .update(iosDevice)
        .set({ abmStatus: AbmStatus.NONE, dateUpdated: new Date() })
        .where(and(eq(iosDevice.storeId, storeId), sql`${iosDevice.abmStatus} <> ${AbmStatus.NONE}`));
    },
  };
}
export type AbmRepo = ReturnType<typeof createAbmRepo>;
