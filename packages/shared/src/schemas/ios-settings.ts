import { z } from 'zod';
import { text } from './safe-input.ts';
import { deviceIdBody } from './ios-device.ts';
import { uuid } from './common.ts';

/**
 * POST /api/device/ios/command/set-wallpaper (Ab3). `where` is Settings.Wallpaper's Where, the numbers of
 * WallpaperType (1 lock screen, 2 home screen, 3 both). Spec §5: uuid id, allow_modify defaults false.
 */
export const iosSetWallpaperRequest = deviceIdBody.extend({
  wallpaper_id: uuid,
  where: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '壁纸位置只能是 1（锁屏）、2（主屏幕）或 3（两者）' }).default(3),
  /** false: the restrictions profile forbids the hirer to change the wallpaper (allowWallpaperModification). */
  allow_modify: z.boolean({ error: '是否允许更换壁纸只能是 true 或 false' }).default(false),
});
export type IosSetWallpaperRequest = z.infer<typeof iosSetWallpaperRequest>;

/** GET /api/device/ios/helper/wallpaper: which library picture the console last set on each screen. */
export const iosWallpaperQuery = z.object({ device_id: uuid });

export interface IosScreenWallpaper {
  /** Null once the picture was deleted from the library (the phone keeps showing it). */
  wallpaper_id: string | null;
  name: string;
  /** The library thumbnail as a JPEG data URI, null when deleted from the library. */
  thumbnail: string | null;
  set_at: string;
}

export interface IosWallpaperState {
  /** false: the hirer cannot change the wallpaper (the restrictions profile carries allowWallpaperModification false). */
  allow_modify: boolean;
  lock_screen: IosScreenWallpaper | null;
  home_screen: IosScreenWallpaper | null;
}

/** The iOS install actions the console offers (spec §4 OS update types). */
export const OS_INSTALL_ACTIONS = ['DownloadOnly', 'InstallASAP'] as const;
export type OsInstallAction = (typeof OS_INSTALL_ACTIONS)[number];
export const osInstallActionLabel: Record<OsInstallAction, string> = { DownloadOnly: '仅下载', InstallASAP: '立即安装' };

/** POST /api/device/ios/command/schedule-os-update: one of the phone's available updates, by product key or version. */
export const iosScheduleOsUpdateRequest = deviceIdBody
  .extend({
    install_action: z.enum(OS_INSTALL_ACTIONS, { error: '更新方式只能是 DownloadOnly（仅下载）或 InstallASAP（立即安装）' }),
    product_key: text({ error: '更新标识有误' }).trim().min(1, '更新标识有误').max(100, '更新标识有误').optional(),
    product_version: text({ error: '系统版本有误' })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,3}){0,3}$/, '系统版本格式有误，例如 18.1.1')
      .optional(),
  })
  .refine((v) => v.product_key !== undefined || v.product_version !== undefined, { message: '请选择要安装的系统更新', path: ['product_key'] });
export type IosScheduleOsUpdateRequest = z.infer<typeof iosScheduleOsUpdateRequest>;

/**
 * AvailableOsUpdate is one AvailableOSUpdates item as the phone reports it (Apple's keys), kept in
 * ios_device.available_os_updates.
 */
export interface AvailableOsUpdate {
  ProductKey: string;
  HumanReadableName: string;
  Version: string;
  Build: string;
  DownloadSize?: number;
  InstallSize?: number;
  IsCritical?: boolean;
  /** A Rapid Security Response: a security fix for the running version (iOS 16.2+). */
  IsSecurityResponse?: boolean;
  SupplementalOSVersionExtra?: string;
  RestartRequired?: boolean;
}

/** OsUpdatePhase is where a scheduled update stands in ios_device.os_update_progress. */
export type OsUpdatePhase = 'scheduled' | 'waiting' | 'downloading' | 'downloaded' | 'installing' | 'verifying' | 'installed' | 'failed';
export const osUpdatePhaseLabel: Record<OsUpdatePhase, string> = {
  scheduled: '已下发，等待设备响应',
  waiting: '等待设备开始下载',
  downloading: '下载中',
  downloaded: '已下载，等待安装',
  installing: '安装中',
  verifying: '安装结束，正在确认系统版本',
  installed: '已安装',
  failed: '更新失败',
};

/** OsUpdateProgress is ios_device.os_update_progress: the last scheduled update as the phone reported it. */
export interface OsUpdateProgress {
  product_key: string;
  version: string | null;
  install_action: OsInstallAction;
  phase: OsUpdatePhase;
  /** Download progress 0-100, null before the phone reported any. */
  percent: number | null;
  /** Why it failed, in Chinese with Apple's own text. */
  message?: string;
  updated_at: string;
}

/** compareOsVersions orders dotted versions numerically ('17.10' after '17.9'); an empty version is oldest. */
export function compareOsVersions(a: string, b: string): number {
  const [pa, pb] = [a.split('.').map((x) => Number(x) || 0), b.split('.').map((x) => Number(x) || 0)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * stillApplies: an update the phone may still install on `osVersion`, i.e. a newer release, or a Rapid Security
 * Response for the version it runs now. Both count for need_os_update: an RSR is a security fix the phone lacks.
 */
export const stillApplies = (u: Pick<AvailableOsUpdate, 'Version' | 'IsSecurityResponse'>, osVersion: string) => {
  // The stored list is jsonb: an item without a version (hand-edited, older shape) is no update to offer.
  if (typeof u.Version !== 'string') return false;
  const order = compareOsVersions(u.Version, osVersion);
  return order > 0 || (order === 0 && u.IsSecurityResponse === true);
};

/** isUrgentUpdate: Apple marks it critical, or it is a Rapid Security Response; the console flags these in red. */
export const isUrgentUpdate = (u: Pick<AvailableOsUpdate, 'IsCritical' | 'IsSecurityResponse'>) => u.IsCritical === true || u.IsSecurityResponse === true;
