import { and, count, desc, eq } from 'drizzle-orm';
import type { Paging } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { wallpaper } from './wallpaper.table.ts';

export type WallpaperRow = typeof wallpaper.$inferSelect;
export type NewWallpaper = Omit<typeof wallpaper.$inferInsert, 'id' | 'dateCreated'>;

/** Every column but the full picture: what lists and answers about a wallpaper need. */
const summaryColumns = {
  id: wallpaper.id,
  type: wallpaper.type,
  name: wallpaper.name,
  width: wallpaper.width,
  height: wallpaper.height,
  byteSize: wallpaper.byteSize,
  thumbnail: wallpaper.thumbnail,
  dateCreated: wallpaper.dateCreated,
};
export type WallpaperSummary = Omit<WallpaperRow, 'content' | 'storeId' | 'createdBy'>;

/**
 * getWallpaperContent gives the JPEG bytes of one of the store's wallpapers, or null when the id is not
 * the store's. The Apple and Android set-wallpaper operations call it to fetch what they send.
 */
export async function getWallpaperContent(db: Db, storeId: string, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: wallpaper.content })
    .from(wallpaper)
    .where(and(eq(wallpaper.storeId, storeId), eq(wallpaper.id, id)));
  return row?.content ?? null;
}

/** WallpaperRepo holds the wallpaper queries; every one is scoped to a store. */
export function createWallpaperRepo(db: Db) {
  return {
    async list(storeId: string, page: Paging): Promise<{ rows: WallpaperSummary[]; total: number }> {
      const where = eq(wallpaper.storeId, storeId);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(wallpaper)
          .where(where)
          .orderBy(desc(wallpaper.dateCreated), desc(wallpaper.id))
          .limit(page.page_size)
          .offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(wallpaper).where(where),
      ]);
      return { rows, total: n };
    },
    async find(storeId: string, id: string): Promise<(WallpaperSummary & { content: Buffer }) | null> {
      const [row] = await db
        .select({ ...summaryColumns, content: wallpaper.content })
        .from(wallpaper)
        .where(and(eq(wallpaper.storeId, storeId), eq(wallpaper.id, id)));
      return row ?? null;
    },
    async insert(values: NewWallpaper): Promise<WallpaperSummary> {
      const [row] = await db.insert(wallpaper).values(values).returning(summaryColumns);
      return row;
    },
    /** remove deletes one of the store's wallpapers; false when the id is not the store's. */
    async remove(storeId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(wallpaper)
        .where(and(eq(wallpaper.storeId, storeId), eq(wallpaper.id, id)))
        .returning({ id: wallpaper.id });
      return rows.length > 0;
    },
  };
}
export type WallpaperRepo = ReturnType<typeof createWallpaperRepo>;
