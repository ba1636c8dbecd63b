import { and, eq } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { type WallpaperWhere, wallpaperSettings } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { iosWallpaperScreen } from '../ios-settings/ios-settings.table.ts';
import { wallpaper } from '../wallpaper/wallpaper.table.ts';

/**
 * resendLockedWallpapers gives a re-enrolled phone back the wallpapers the store locked on it (set with allow_modify
 * off); the restrictions profile that keeps the hirer from changing them is re-sent by ios-restriction. Each picture
 * goes as the store's `set-wallpaper` (no clerk), so its answer is recorded like any other; returns how many.
 */
export async function resendLockedWallpapers(db: Db, mdm: Pick<MdmEngine, 'commander'>, deviceId: string): Promise<number> {
  const queued = await db.transaction(async (tx) => {
    const [d] = await tx.select({ storeId: iosDevice.storeId, free: iosDevice.wallpaperAllowModify }).from(iosDevice).where(eq(iosDevice.id, deviceId));
    if (!d || d.free) return 0;
    const screens = await tx
      .select({ screen: iosWallpaperScreen.screen, id: wallpaper.id, name: iosWallpaperScreen.wallpaperName, content: wallpaper.content })
      .from(iosWallpaperScreen)
      .innerJoin(wallpaper, and(eq(wallpaper.id, iosWallpaperScreen.wallpaperId), eq(wallpaper.storeId, d.storeId)))
      .where(eq(iosWallpaperScreen.deviceId, deviceId));
    // One picture on both screens goes once, to both (Where 3).
    const pictures = new Map<string, (typeof screens)[number] & { where: number }>();
    for (const s of screens) {
      const seen = pictures.get(s.id);
      pictures.set(s.id, { ...s, where: seen ? seen.where | s.screen : s.screen });
    }
    for (const p of pictures.values()) {
      const [op] = await tx
        .insert(operationLog)
        .values({
          storeId: d.storeId,
          clerkId: null,
          platform: 'ios',
          deviceId,
          action: 'set-wallpaper',
          status: OperationStatus.QUEUED,
          detail: { wallpaper_id: p.id, wallpaper_name: p.name, where: p.where, allow_modify: false, reason: 're-enrolled' },
        })
        .returning({ id: operationLog.id });
      await mdm.commander.enqueueIn(tx, [{ deviceId, command: wallpaperSettings(p.content, p.where as WallpaperWhere), operationLogId: op.id }]);
    }
    return pictures.size;
  });
  if (queued) mdm.commander.wake([deviceId]);
  return queued;
}
