import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { openApiNonce, storeApiSetting } from '../../domain/store-api.table.ts';

export type ApiSettingRow = typeof storeApiSetting.$inferSelect;
type SettingValues = Partial<Omit<typeof storeApiSetting.$inferInsert, 'storeId'>>;

/** ApiKeyRepo reads and writes the stores' open-API settings and the nonce ledger; no rules here. */
export function createApiKeyRepo(db: Db) {
  return {
    async get(storeId: string): Promise<ApiSettingRow | undefined> {
      const [row] = await db.select().from(storeApiSetting).where(eq(storeApiSetting.storeId, storeId));
      return row;
    },

    async byApiKey(apiKey: string): Promise<ApiSettingRow | undefined> {
      const [row] = await db.select().from(storeApiSetting).where(eq(storeApiSetting.apiKey, apiKey));
      return row;
    },

    /** save creates the store's row on first write, then updates it. */
    async save(storeId: string, values: SettingValues): Promise<ApiSettingRow> {
      const now = new Date();
      const [row] = await db
        .insert(storeApiSetting)
        .values({ storeId, ...values, dateCreated: now, dateUpdated: now })
        .onConflictDoUpdate({ target: storeApiSetting.storeId, set: { ...values, dateUpdated: now } })
        .returning();
      return row;
    },

    /** useNonce records a nonce; false when this store has already used it (a replay). */
    async useNonce(storeId: string, nonce: string): Promise<boolean> {
      const rows = await db.insert(openApiNonce).values({ storeId, nonce }).onConflictDoNothing().returning({ nonce: openApiNonce.nonce });
      return rows.length === 1;
    },

    async pruneNonces(before: Date): Promise<number> {
      const rows = await db.delete(openApiNonce).where(lt(openApiNonce.dateCreated, before)).returning({ nonce: openApiNonce.nonce });
      return rows.length;
    },
  };
}
export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;
