import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { store } from '../../domain/store.table.ts';

export type StoreRow = typeof store.$inferSelect;
export type StoreChanges = Partial<Omit<typeof store.$inferInsert, 'id' | 'dateCreated'>>;

/** StoreRepo reads and writes the caller's store row; every method takes the store id from the session. */
export function createStoreRepo(db: Db) {
  return {
    async find(storeId: string): Promise<StoreRow | undefined> {
      const [row] = await db.select().from(store).where(eq(store.id, storeId));
      return row;
    },
    async update(storeId: string, values: StoreChanges): Promise<StoreRow | undefined> {
      const [row] = await db
        .update(store)
        .set({ ...values, dateUpdated: new Date() })
        .where(eq(store.id, storeId))
        .returning();
      return row;
    },
  };
}
export type StoreRepo = ReturnType<typeof createStoreRepo>;
