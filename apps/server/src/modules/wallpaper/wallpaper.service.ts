import {
  type ListResponse,
  type Paging,
  type WallpaperItem,
  type WallpaperSummary,
  type WallpaperType,
  type WallpaperUploadBody,
  wallpaperMsg,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { notFound } from '../../http/app-error.ts';
import { toJpegDataUri } from './wallpaper-image.ts';
import type { ImageGate } from './wallpaper-image.gate.ts';
import type { WallpaperRepo, WallpaperSummary as WallpaperSummaryRow } from './wallpaper.repo.ts';

const meta = (row: Omit<WallpaperSummaryRow, 'thumbnail'>) => ({
  id: row.id,
  type: row.type as WallpaperType,
  name: row.name,
  width: row.width,
  height: row.height,
  size: row.byteSize,
  date_created: row.dateCreated.toISOString(),
});

const toSummary = (row: WallpaperSummaryRow): WallpaperSummary => ({ ...meta(row), thumbnail: toJpegDataUri(row.thumbnail) });

/** WallpaperService is the store's wallpaper library (spec §7 wallpaper calls); everything is the caller's store's. */
export function createWallpaperService(deps: { repo: WallpaperRepo; images: ImageGate }) {
  const { repo, images } = deps;
  return {
    async list(auth: AuthContext, page: Paging): Promise<ListResponse<WallpaperSummary>> {
      const { rows, total } = await repo.list(auth.storeId, page);
      return { list: rows.map(toSummary), total };
    },
    async item(auth: AuthContext, id: string): Promise<WallpaperItem> {
      const row = await repo.find(auth.storeId, id);
      if (!row) throw notFound(wallpaperMsg.notFound);
      return { ...meta(row), content: toJpegDataUri(row.content) };
    },
    async upload(auth: AuthContext, req: WallpaperUploadBody): Promise<WallpaperSummary> {
      // A picture of up to 8192×8192 takes a thread for a while: the gate bounds how many at once and how long.
      const { thumbnail, ...picture } = await images.process(req.content);
      const row = await repo.insert({
        storeId: auth.storeId,
        type: req.type,
        name: req.name,
        content: picture.bytes,
        thumbnail,
        width: picture.width,
        height: picture.height,
        byteSize: picture.bytes.length,
        createdBy: auth.clerkId,
      });
      return toSummary(row);
    },
    async remove(auth: AuthContext, id: string): Promise<void> {
      if (!(await repo.remove(auth.storeId, id))) throw notFound(wallpaperMsg.notFound);
    },
  };
}
export type WallpaperService = ReturnType<typeof createWallpaperService>;
