import { hasPermission, Perm } from '@lease/shared';
import { type ActionCheck, type ActionDevice, canRefreshApps } from '../detail/deviceActions.ts';

/** canInstallApps: Ab10 (set-app-restriction, which spec §3 also gives install-apps), and a phone under management. */
export function canInstallApps(device: ActionDevice, perms: readonly string[]): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_SET_APP_RESTRICTION)) return { allowed: false, permitted: false, reason: '没有此操作的权限' };
  return canRefreshApps(device, perms);
}
