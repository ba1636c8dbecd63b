import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { store } from '../../domain/store.table.ts';
import { storeSite } from './store-site.table.ts';

export type StoreSiteRow = typeof storeSite.$inferSelect;
export type StoreSiteChanges = Partial<Pick<StoreSiteRow, 'title' | 'hideLoginPageLogo' | 'logo' | 'logoType'>>;

/** StoreSiteRepo reads and writes a store's own host settings and the look of that host (store_site). */
export function createStoreSiteRepo(db: Db) {
  return {
    async site(storeId: string): Promise<StoreSiteRow | undefined> {
      const [row] = await db.select().from(storeSite).where(eq(storeSite.storeId, storeId));
      return row;
    },

    async saveSite(storeId: string, values: StoreSiteChanges) {
      const set = { ...values, dateUpdated: new Date() };
      await db
        .insert(storeSite)
        .values({ storeId, ...set })
        .onConflictDoUpdate({ target: storeSite.storeId, set });
    },

    /** hostTaken: whether another store already claims the host name. */
    async hostTaken(host: string, exceptStoreId: string): Promise<boolean> {
      const rows = await db
        .select({ id: store.id })
        .from(store)
        .where(and(eq(store.mdmHost, host), ne(store.id, exceptStoreId)));
      return rows.length > 0;
    },

    /** siteByHost is the look of the store that claims the host (its title and whether it hides the logo); null when none does. */
    async siteByHost(host: string) {
      const [row] = await db
        .select({ title: storeSite.title, hideLoginPageLogo: storeSite.hideLoginPageLogo })
        .from(store)
        .leftJoin(storeSite, eq(storeSite.storeId, store.id))
        .where(eq(store.mdmHost, host));
      return row;
    },

    /** logoByHost is the logo of the store that claims the host; null when it has none. */
    async logoByHost(host: string) {
      const [row] = await db
        .select({ logo: storeSite.logo, logoType: storeSite.logoType })
        .from(store)
        .innerJoin(storeSite, eq(storeSite.storeId, store.id))
        .where(eq(store.mdmHost, host));
      return row?.logo && row.logoType ? { content: row.logo, type: row.logoType } : null;
    },
  };
}
export type StoreSiteRepo = ReturnType<typeof createStoreSiteRepo>;
