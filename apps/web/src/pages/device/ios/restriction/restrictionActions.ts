import { hasPermission, type IosDeviceDetail, isAppleRestricted, Perm } from '@lease/shared';
import { type ActionCheck, canRefreshApps } from '../detail/deviceActions.ts';

type Perms = readonly string[];
export type RestrictionDevice = Pick<IosDeviceDetail, 'enrollment_status' | 'lock_status' | 'recycled_status' | 'system_restriction'>;

const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };

/** restrictionRule: the permission, then a phone under management (canRefreshApps is that state rule without a permission). */
function restrictionRule(device: RestrictionDevice, perms: Perms, perm: Perm, rule?: (d: RestrictionDevice) => string | null): ActionCheck {
  if (!hasPermission(perms, perm)) return NO_PERMISSION;
  const state = canRefreshApps(device, perms);
  if (!state.allowed) return state;
  const reason = rule?.(device);
  return reason ? { allowed: false, permitted: true, reason } : state;
}

/** canSetSystemRestriction: 系统限制 and 恢复门店默认 (Ab17). */
export const canSetSystemRestriction = (device: RestrictionDevice, perms: Perms) => restrictionRule(device, perms, Perm.APPLE_SET_SYSTEM_RESTRICTION);

/** canSetAppRestriction: 应用限制 (Ab10). */
export const canSetAppRestriction = (device: RestrictionDevice, perms: Perms) => restrictionRule(device, perms, Perm.APPLE_SET_APP_RESTRICTION);

/** canTrustEnterpriseApps: a window only makes sense while the phone restricts enterprise trust (Ab17). */
export const canTrustEnterpriseApps = (device: RestrictionDevice, perms: Perms) =>
  restrictionRule(device, perms, Perm.APPLE_SET_SYSTEM_RESTRICTION, (d) =>
    isAppleRestricted(d.system_restriction, 'allowEnterpriseAppTrust') ? null : '设备未开启「禁止信任企业级应用」，企业级应用本来就可以信任',
  );
