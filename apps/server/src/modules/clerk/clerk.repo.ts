import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clerk } from './clerk.table.ts';

export type ClerkRow = typeof clerk.$inferSelect;

/** ClerkRepo holds the clerk queries the foundation needs; store-scoped listing comes with clerk admin. */
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
      await db.update(clerk).set({ ...values, dateUpdated: new Date() }).where(eq(clerk.id, id));
    },
  };
}
export type ClerkRepo = ReturnType<typeof createClerkRepo>;
