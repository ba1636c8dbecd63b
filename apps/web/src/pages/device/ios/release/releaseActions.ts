import { AbmStatus, hasPermission, type IosDeviceDetail, Perm, RecycledStatus } from '@lease/shared';
import { type ActionCheck, canRefreshApps } from '../detail/deviceActions.ts';

type Perms = readonly string[];
export type ReleaseDevice = Pick<IosDeviceDetail, 'enrollment_status' | 'lock_status' | 'recycled_status' | 'abm_status'>;

const OK: ActionCheck = { allowed: true, permitted: true };
const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };
const refuse = (reason: string): ActionCheck => ({ allowed: false, permitted: true, reason });

/** mdmRule: the permission, then a phone under management outside the recycle bin (canRefreshApps asks no permission). */
const mdmRule =
  (perm: Perm) =>
  (device: ReleaseDevice, perms: Perms): ActionCheck =>
    hasPermission(perms, perm) ? canRefreshApps(device, perms) : NO_PERMISSION;

export const canErase = mdmRule(Perm.APPLE_WIPE);
export const canRemoveMainProfile = mdmRule(Perm.APPLE_REMOVE_MAIN_PROFILE);

/** canAbmUnbind: an ABM call by serial number; the phone need not be online or even managed. */
export function canAbmUnbind(device: ReleaseDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_ABM_UNBIND)) return NO_PERMISSION;
  if (device.abm_status === AbmStatus.REMOVED) return refuse('设备已解除 ABM 绑定');
  if (device.abm_status !== AbmStatus.ASSIGNED && device.abm_status !== AbmStatus.PUSHED) return refuse('设备未绑定 ABM');
  return OK;
}

/** canOneClickUnlock: the dialog's prevalidation says which steps run; only a recycled phone is refused up front. */
export function canOneClickUnlock(device: ReleaseDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_ONE_CLICK_UNLOCK)) return NO_PERMISSION;
  if (device.recycled_status === RecycledStatus.RECYCLED) return refuse('设备在回收站中，请先移出');
  return OK;
}
