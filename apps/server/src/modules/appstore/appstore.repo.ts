import { type SQL, and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import type { AppPlatform, Paging } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { appstoreApp } from './appstore.table.ts';

export type AppstoreAppRow = typeof appstoreApp.$inferSelect;
export type NewAppstoreApp = Omit<typeof appstoreApp.$inferInsert, 'id' | 'dateCreated' | 'dateUpdated'>;
export type AppstoreAppPatch = Partial<Pick<AppstoreAppRow, 'appName' | 'group' | 'sort'>>;

export interface AppstoreFilter extends Paging {
  platform: AppPlatform;
  group?: string;
  keyword?: string;
}

/** A keyword is matched literally: LIKE's wildcards in it are escaped. */
const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** AppstoreRepo holds the app library's queries; every one is scoped to a store. */
export function createAppstoreRepo(db: Db) {
  const mine = (storeId: string, id: string) => and(eq(appstoreApp.storeId, storeId), eq(appstoreApp.id, id));
  return {
    async list(storeId: string, f: AppstoreFilter) {
      const where: SQL[] = [eq(appstoreApp.storeId, storeId), eq(appstoreApp.platform, f.platform)];
      if (f.group !== undefined) where.push(eq(appstoreApp.group, f.group));
      if (f.keyword) where.push(or(ilike(appstoreApp.appName, contains(f.keyword)), ilike(appstoreApp.bundleId, contains(f.keyword)))!);
      const condition = and(...where);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(appstoreApp)
          .where(condition)
          .orderBy(asc(appstoreApp.sort), asc(appstoreApp.appName), asc(appstoreApp.id))
          .limit(f.page_size)
          .offset(f.page_num * f.page_size),
        db.select({ n: count() }).from(appstoreApp).where(condition),
      ]);
      return { rows, total: n };
    },
    /** groups lists the store's non-empty group names of a platform, for the filter and the editor. */
    async groups(storeId: string, platform: AppPlatform): Promise<string[]> {
      const rows = await db
        .selectDistinct({ group: appstoreApp.group })
        .from(appstoreApp)
        .where(and(eq(appstoreApp.storeId, storeId), eq(appstoreApp.platform, platform), ne(appstoreApp.group, '')))
        .orderBy(asc(appstoreApp.group));
      return rows.map((r) => r.group);
    },
    async find(storeId: string, id: string): Promise<AppstoreAppRow | null> {
      const [row] = await db.select().from(appstoreApp).where(mine(storeId, id));
      return row ?? null;
    },
    /** insert adds an app; a second entry of the same bundle id on the platform violates appstore_app_store_bundle_key. */
    async insert(values: NewAppstoreApp): Promise<AppstoreAppRow> {
      const [row] = await db.insert(appstoreApp).values(values).returning();
      return row;
    },
    async update(storeId: string, id: string, patch: AppstoreAppPatch): Promise<AppstoreAppRow | null> {
      const [row] = await db
        .update(appstoreApp)
        .set({ ...patch, dateUpdated: new Date() })
        .where(mine(storeId, id))
        .returning();
      return row ?? null;
    },
    async remove(storeId: string, id: string): Promise<boolean> {
      const rows = await db.delete(appstoreApp).where(mine(storeId, id)).returning({ id: appstoreApp.id });
      return rows.length > 0;
    },
  };
}
export type AppstoreRepo = ReturnType<typeof createAppstoreRepo>;
