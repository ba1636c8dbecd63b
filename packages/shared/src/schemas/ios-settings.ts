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
  /** `ddm`: enforced through a declaration (iOS 17+); absent on the command path. */
  path?: OsUpdatePath;
  build?: string;
  /** DDM: the phone installs by itself at this local time (TargetLocalDateTime, yyyy-mm-ddThh:mm:ss, Asia/Shanghai). */
  deadline?: string;
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

/**
 * OsUpdatePath is how a phone takes OS updates: `ddm` (iOS 17+) through Declarative Device Management's
 * softwareupdate.enforcement.specific declaration and softwareupdate.* status items; `command` (below iOS 17) through
 * the MDM commands ScheduleOSUpdate / AvailableOSUpdates / OSUpdateStatus, which Apple has removed for newer systems.
 */
export type OsUpdatePath = 'ddm' | 'command';

/** DdmInstallState is Apple's softwareupdate.install-state status item. */
export type DdmInstallState = 'none' | 'waiting' | 'downloading' | 'prepared' | 'installing' | 'failed';
export const ddmInstallStateLabel: Record<DdmInstallState, string> = {
  none: '无待装更新',
  waiting: '等待开始',
  downloading: '下载中',
  prepared: '已准备好，等待安装',
  installing: '安装中',
  failed: '更新失败',
};

/** The deferral Apple allows (softwareupdate.settings Deferrals.CombinedPeriodInDays), in days. */
export const OS_DEFERRAL_MIN_DAYS = 1;
export const OS_DEFERRAL_MAX_DAYS = 90;
const deferralDays = z
  .number({ error: '延迟天数须为 1 到 90 之间的整数' })
  .int('延迟天数须为 1 到 90 之间的整数')
  .min(OS_DEFERRAL_MIN_DAYS, '延迟天数须为 1 到 90 之间的整数')
  .max(OS_DEFERRAL_MAX_DAYS, '延迟天数须为 1 到 90 之间的整数');

/** POST /api/store/ios-update-policy: hold new iOS releases back N days on the store's phones (null: off). */
export const iosStoreUpdatePolicyRequest = z.object({ deferral_days: deferralDays.nullable() });
export type IosStoreUpdatePolicyRequest = z.infer<typeof iosStoreUpdatePolicyRequest>;
export interface IosStoreUpdatePolicy {
  /** Null: new releases reach the phones as soon as Apple offers them. */
  deferral_days: number | null;
}

/** POST /api/device/ios/helper/os-update-policy: one phone follows the store, or holds back its own number of days (null: off). */
export const iosDeviceUpdatePolicyRequest = deviceIdBody.extend({
  follow_store: z.boolean({ error: '请选择是否跟随门店设置' }),
  deferral_days: deferralDays.nullable().default(null),
});
export type IosDeviceUpdatePolicyRequest = z.infer<typeof iosDeviceUpdatePolicyRequest>;

/** GET /api/device/ios/helper/os-update-policy?device_id= */
export const iosOsUpdateInfoQuery = z.object({ device_id: uuid });

/** OsListSource says where the phone's list of available updates came from; an offline list says so. */
export interface OsListSource {
  /** false: the built-in list (离线版本列表), not Apple's software lookup service. */
  live: boolean;
  label: string;
  fetched_at: string | null;
}

/** IosOsUpdateInfo is what the OS-update tab shows beside the device detail: path, deferral in force, list source, status. */
export interface IosOsUpdateInfo {
  path: OsUpdatePath;
  /** Why this path, in Chinese (e.g. iOS 17 起通过声明式管理更新). */
  path_note: string;
  deferral: {
    store_days: number | null;
    follow_store: boolean;
    /** The phone's own days when it does not follow the store (null: off). */
    device_days: number | null;
    /** What the phone is asked to hold back, or null. */
    effective_days: number | null;
    /** The phone honours it (iOS 18+ and supervised); else `note` says why not. */
    applies: boolean;
    note: string;
  };
  list_source: OsListSource | null;
  /** The phone's softwareupdate.* status (DDM phones only). */
  install_state: DdmInstallState | null;
  pending_version: string | null;
  failure_reason: string | null;
}
