import { hasPermission, Perm, type UserInfo } from '@lease/shared';
import { HOME_PATH, LOGIN_PATH } from '../auth/paths.ts';
import type { GuardMeta } from './meta.ts';

export const NO_PERMISSION_TEXT = '没有权限访问该页面';

export interface SessionState {
  hasToken: boolean;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string; notice?: string };

export type AccessDenial = 'module' | 'admin' | 'permission';

export const isAdmin = (user: UserInfo) => user.is_admin || user.permission.includes(Perm.ADMIN);

/** accessDenial says why a signed-in user may not open a route, or null; the menu uses it too. */
export function accessDenial(meta: Pick<GuardMeta, 'modules' | 'adminOnly' | 'permissions'>, user: UserInfo): AccessDenial | null {
  if (!meta.modules.every((m) => user.available_modules.includes(m))) return 'module';
  if (meta.adminOnly && !isAdmin(user)) return 'admin';
  if (!meta.permissions.every((p) => hasPermission(user.permission, p))) return 'permission';
  return null;
}

/** loginPath sends a visitor to the login page with a way back to `from`. */
export function loginPath(from: string): string {
  return from && from !== '/' && !from.startsWith(LOGIN_PATH) ? `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}` : LOGIN_PATH;
}

/** safeRedirect accepts only same-site paths from a `redirect` query value. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  return value;
}

/**
 * decideGuard is the one access rule of spec §2, §4 and §6: dev routes are open, the login page is for
 * visitors only, other routes need a session, then the modules, admin flag and permissions of the meta.
 */
export function decideGuard(meta: GuardMeta, session: SessionState, user: UserInfo | null, from = HOME_PATH): GuardDecision {
  if (meta.name.startsWith('dev')) return { allow: true };
  if (meta.guestOnly) return session.hasToken ? { allow: false, redirect: HOME_PATH } : { allow: true };
  if (meta.public) return { allow: true };
  if (!session.hasToken || !user) return { allow: false, redirect: loginPath(from) };
  const denial = accessDenial(meta, user);
  // A missing permission and a page for admins only say the same thing; a module the store lacks stays silent.
  if (denial === 'permission' || denial === 'admin') return { allow: false, redirect: HOME_PATH, notice: NO_PERMISSION_TEXT };
  if (denial) return { allow: false, redirect: HOME_PATH };
  return { allow: true };
}
