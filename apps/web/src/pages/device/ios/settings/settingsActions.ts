import { hasPermission, OsUpdateStatus, Perm, SuperviseStatus, type IosDeviceListItem } from '@lease/shared';
import { type ActionCheck, type ActionDevice, canRefreshApps } from '../detail/deviceActions.ts';

/** The device state the settings rules read: the managed state plus supervision (Apple allows these on supervised phones only). */
export type SettingsDevice = ActionDevice & Pick<IosDeviceListItem, 'supervise_status'>;

type Perms = readonly string[];

const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };

/**
 * supervisedCommand: a command to a managed phone (deviceActions' rule for commands every clerk may send, as
 * canRefreshApps) that Apple only runs on supervised phones. An unknown supervision state is let through.
 */
function supervisedCommand(device: SettingsDevice, perms: Perms, what: string): ActionCheck {
  const managed = canRefreshApps(device, perms);
  if (!managed.allowed) return managed;
  if (device.supervise_status === SuperviseStatus.UNSUPERVISED)
    return { allowed: false, permitted: true, reason: `设备未处于监管模式，Apple 不允许远程${what}` };
  return managed;
}

/** canSetWallpaper: Ab3 and a supervised, managed phone. */
export const canSetWallpaper = (device: SettingsDevice, perms: Perms): ActionCheck =>
  hasPermission(perms, Perm.APPLE_SET_WALLPAPER) ? supervisedCommand(device, perms, '设置壁纸') : NO_PERMISSION;

/** canManageOsUpdates: any clerk who sees the phone may look up, schedule and follow its updates (supervised only). */
export const canManageOsUpdates = (device: SettingsDevice, perms: Perms): ActionCheck => supervisedCommand(device, perms, '管理系统更新');

/** canScheduleOsUpdate adds that a new schedule waits while the phone installs one. */
export function canScheduleOsUpdate(device: SettingsDevice & { os_update_status: number }, perms: Perms): ActionCheck {
  const check = canManageOsUpdates(device, perms);
  if (!check.allowed) return check;
  return device.os_update_status === OsUpdateStatus.INSTALLING
    ? { allowed: false, permitted: true, reason: '设备正在安装系统更新，请等安装结束后再操作' }
    : check;
}
