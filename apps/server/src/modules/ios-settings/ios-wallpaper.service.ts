import { eq } from 'drizzle-orm';
import { type IosSetWallpaperRequest, type IosWallpaperState, wallpaperMsg } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { type IdempotencyKey, derivedKey } from '../../domain/idempotency.ts';
import { wallpaperSettings } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { WallpaperRepo } from '../wallpaper/wallpaper.repo.ts';
import { toJpegDataUri } from '../wallpaper/wallpaper-image.ts';
import { screensOf } from './ios-settings.repo.ts';
import { Screen } from './ios-settings.table.ts';

/**
 * RestrictionReinstaller re-installs a phone's restrictions profile from its device row as it is now; the
 * restrict area's service (ios-restriction.service.ts) is one. Set-wallpaper uses it when allow_modify changes.
 */
export interface RestrictionReinstaller {
  reinstall(
    auth: AuthContext,
    deviceId: string,
    opts: { action: string; detail?: Record<string, unknown>; idempotencyKey?: IdempotencyKey },
  ): Promise<OperationResult>;
}

export interface SetWallpaperResult extends OperationResult {
  /** The restrictions re-install that (un)locks the wallpaper for the hirer, when allow_modify changed. */
  restriction_operation_log_id?: string;
}

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  wallpapers: Pick<WallpaperRepo, 'find'>;
  restrictions: RestrictionReinstaller;
}

/** createIosWallpaperService sets a library picture as an iPhone's wallpaper (Settings.Wallpaper) and says what is set. */
export function createIosWallpaperService({ db, mdm, devices, wallpapers, restrictions }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });
  return {
    /**
     * setWallpaper sends the picture's bytes in a Settings command. allow_modify false also sets
     * wallpaper_allow_modify and re-installs the restrictions profile (allowWallpaperModification false), so the
     * hirer cannot change it; true after false lifts that again.
     */
    async setWallpaper(auth: AuthContext, req: IosSetWallpaperRequest, idempotencyKey?: IdempotencyKey): Promise<SetWallpaperResult> {
      const device = await pipeline.device(auth, req.device_id, { what: '远程设置壁纸', unknown: 'allow' });
      const picture = await wallpapers.find(auth.storeId, req.wallpaper_id);
      if (!picture) throw notFound(wallpaperMsg.notFound);
      const result = await pipeline.run(auth, device, {
        action: 'set-wallpaper',
        detail: { wallpaper_id: picture.id, wallpaper_name: picture.name, where: req.where, allow_modify: req.allow_modify },
        idempotencyKey,
        command: wallpaperSettings(picture.content, req.where),
      });
      // Compared with the row rather than skipped on replay: a retry after a failure in between still finishes it.
      if (device.wallpaperAllowModify === req.allow_modify) return result;
      await db.update(iosDevice).set({ wallpaperAllowModify: req.allow_modify, dateUpdated: new Date() }).where(eq(iosDevice.id, device.id));
      const restriction = await restrictions.reinstall(auth, device.id, {
        action: 'set-system-restriction',
        detail: { reason: 'wallpaper', allow_modify: req.allow_modify },
        idempotencyKey: derivedKey(idempotencyKey, 'wallpaper-restriction'),
      });
      return { ...result, restriction_operation_log_id: restriction.operation_log_id };
    },

    /** current says which library picture the console set on each screen, and whether the hirer may change it. */
    async current(auth: AuthContext, deviceId: string): Promise<IosWallpaperState> {
      const { device } = await devices.load(auth, deviceId);
      const rows = await screensOf(db, device.id);
      const on = (screen: Screen) => {
        const row = rows.find((r) => r.screen === screen);
        return row
          ? { wallpaper_id: row.wallpaperId, name: row.name, thumbnail: row.thumbnail ? toJpegDataUri(row.thumbnail) : null, set_at: row.dateSet.toISOString() }
          : null;
      };
      return { allow_modify: device.wallpaperAllowModify, lock_screen: on(Screen.LOCK), home_screen: on(Screen.HOME) };
    },
  };
}
export type IosWallpaperService = ReturnType<typeof createIosWallpaperService>;
