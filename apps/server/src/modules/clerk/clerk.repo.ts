import { type SQL, and, asc, count, desc, eq, ilike, like, sql } from 'drizzle-orm';
import type { ClerkListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';

export type ClerkRow = typeof clerk.$inferSelect;

/** escapeLike makes user text match literally inside a LIKE pattern. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ClerkRepo reads and writes clerks; the store-scoped calls take the store id so no query can leave it. */
export function createClerkRepo(db: Db) {
  return {
    async findByPhone(phoneNumber: string): Promise<ClerkRow | undefined> {
      const [row] = await db.select().from(clerk).where(eq(clerk.phoneNumber, phoneNumber));
      return row;
    },
    async findById(id: string): Promise<ClerkRow | undefined> {
      const [row] = await db.select().from(clerk).where(eq(clerk.id, id));
      return row;
    },
    async update(id: string, values: Partial<typeof clerk.$inferInsert>) {
      await db
        .update(clerk)
        .set({ ...values, dateUpdated: new Date() })
        .where(eq(clerk.id, id));
    },

    /** findInStore is the lookup of the clerk admin calls: another store's clerk is simply not there. */
    async findInStore(storeId: string, id: string): Promise<ClerkRow | undefined> {
      const [row] = await db
        .select()
        .from(clerk)
        .where(and(eq(clerk.storeId, storeId), eq(clerk.id, id), eq(clerk.systemUser, false)));
      return row;
    },

    async insert(values: typeof clerk.$inferInsert): Promise<ClerkRow> {
      const [row] = await db.insert(clerk).values(values).returning();
      return row;
    },

    /** optionsInStore is every clerk of the store for a picker (system users hidden), by name. */
    async optionsInStore(storeId: string) {
      return db
        .select({ id: clerk.id, name: clerk.name, disabled: clerk.disabled })
        .from(clerk)
        .where(and(eq(clerk.storeId, storeId), eq(clerk.systemUser, false)))
        .orderBy(asc(clerk.name), asc(clerk.id));
    },

    /** listInStore pages the store's clerks (system users hidden), admins first, with the devices each holds. */
    async listInStore(storeId: string, q: ClerkListQuery) {
      const where: SQL[] = [eq(clerk.storeId, storeId), eq(clerk.systemUser, false)];
      if (q.name) where.push(ilike(clerk.name, `%${escapeLike(q.name)}%`));
      if (q.phone_number) where.push(like(clerk.phoneNumber, `%${escapeLike(q.phone_number)}%`));
      if (q.disabled !== undefined) where.push(eq(clerk.disabled, q.disabled));
      const iosCount = db
        .select({ clerkId: iosDevice.clerkId, n: count().as('ios_n') })
        .from(iosDevice)
        .where(eq(iosDevice.storeId, storeId))
        .groupBy(iosDevice.clerkId)
        .as('ios_count');
      const androidCount = db
        .select({ clerkId: androidDevice.clerkId, n: count().as('android_n') })
        .from(androidDevice)
        .where(eq(androidDevice.storeId, storeId))
        .groupBy(androidDevice.clerkId)
        .as('android_count');
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ clerk, ios: sql<number>`coalesce(${iosCount.n}, 0)::int`, android: sql<number>`coalesce(${androidCount.n}, 0)::int` })
          .from(clerk)
          .leftJoin(iosCount, eq(iosCount.clerkId, clerk.id))
          .leftJoin(androidCount, eq(androidCount.clerkId, clerk.id))
          .where(and(...where))
          .orderBy(desc(clerk.isAdmin), asc(clerk.dateCreated), asc(clerk.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db
          .select({ n: count() })
          .from(clerk)
          .where(and(...where)),
      ]);
      return { rows, total: n };
    },

    /**
     * setDisabled stops or restarts a clerk. Stopping an admin locks the store's admin rows first and refuses
     * when no other enabled admin would be left, so two admins stopping each other at once cannot both win.
     * Returns false when that refusal applies.
     */
    async setDisabled(storeId: string, id: string, disabled: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (disabled) {
          const admins = await tx
            .select({ id: clerk.id, disabled: clerk.disabled })
            .from(clerk)
            .where(and(eq(clerk.storeId, storeId), eq(clerk.isAdmin, true)))
            .for('update');
          const target = admins.find((a) => a.id === id);
          if (target && !admins.some((a) => a.id !== id && !a.disabled)) return false;
        }
        await tx
          .update(clerk)
          .set({ disabled, dateUpdated: new Date() })
          .where(and(eq(clerk.storeId, storeId), eq(clerk.id, id)));
        return true;
      });
    },

    /**
     * updateInStore writes the editable fields; a limited quota may not drop below what the clerk already
     * uses, checked in the UPDATE itself so an enrolment racing with the edit cannot slip past it.
     * Returns false when that check fails.
     */
    async updateInStore(storeId: string, id: string, values: Pick<Partial<typeof clerk.$inferInsert>, 'name' | 'permission' | 'quotaLimit' | 'totalQuota'>) {
      const limit = values.quotaLimit !== undefined ? sql`${values.quotaLimit}::boolean` : clerk.quotaLimit;
      const total = values.totalQuota !== undefined ? sql`${values.totalQuota}::int` : clerk.totalQuota;
      const rows = await db
        .update(clerk)
        .set({ ...values, dateUpdated: new Date() })
        .where(and(eq(clerk.storeId, storeId), eq(clerk.id, id), sql`(not ${limit} or ${clerk.usedQuota} <= ${total})`))
        .returning({ id: clerk.id });
      return rows.length === 1;
    },
  };
}
export type ClerkRepo = ReturnType<typeof createClerkRepo>;
