import { Module, Perm, type UserInfo } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes.ts';
import { admin, clerk } from '../test/fixtures.ts';
import { toRouteObject } from './build.ts';
import { decideGuard, loginPath, NO_PERMISSION_TEXT, safeRedirect, type SessionState } from './guard.ts';
import { mergeMeta, type GuardMeta } from './meta.ts';
import { walkRoutes } from './menu.ts';
import { matchMeta } from './routeMeta.ts';

const signedIn: SessionState = { hasToken: true };
const signedOut: SessionState = { hasToken: false };
const routes = APP_ROUTES.map(toRouteObject);

/** guardAt runs the guard on the meta the real route table gives `path`. */
function guardAt(path: string, session: SessionState, user: UserInfo | null) {
  return decideGuard(mergeMeta(matchMeta(routes, path).chain), session, user, path);
}

const meta = (overrides: Partial<GuardMeta>): GuardMeta => ({
  name: 'console-x',
  modules: [],
  permissions: [],
  adminOnly: false,
  public: false,
  guestOnly: false,
  ...overrides,
});

describe('decideGuard', () => {
  it('sends a visitor without tokens to /login with the way back', () => {
    expect(decideGuard(meta({}), signedOut, null, '/console/help')).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fconsole%2Fhelp',
    });
    expect(guardAt('/console', signedOut, null)).toEqual({ allow: false, redirect: '/login?redirect=%2Fconsole' });
  });

  it('sends a token holder away from /login to /console', () => {
    expect(guardAt('/login', signedIn, null)).toEqual({ allow: false, redirect: '/console' });
    expect(guardAt('/login', signedOut, null)).toEqual({ allow: true });
  });

  it('redirects to /console, silently, when a module is missing', () => {
    const androidOnly = clerk({ available_modules: [Module.ANDROID] });
    expect(decideGuard(meta({ modules: [Module.APPLE] }), signedIn, androidOnly)).toEqual({ allow: false, redirect: '/console' });
    expect(guardAt('/console/device/ios/list', signedIn, androidOnly)).toEqual({ allow: false, redirect: '/console' });
    expect(guardAt('/console/device/android/list/archived', signedIn, clerk({ available_modules: [Module.APPLE] }))).toEqual({
      allow: false,
      redirect: '/console',
    });
    expect(guardAt('/console/report/basic', signedIn, clerk())).toEqual({ allow: false, redirect: '/console' });
    expect(guardAt('/console/report/basic', signedIn, clerk({ available_modules: [Module.REPORT_BASIC], permission: [Perm.REPORT_LIST] }))).toEqual({
      allow: true,
    });
    const reportId = '7d1f3c2a-5b6e-4f70-8a91-b2c3d4e5f601';
    expect(
      guardAt(`/console/report/advanced/${reportId}`, signedIn, clerk({ available_modules: [Module.REPORT_BASIC], permission: [Perm.REPORT_LIST] })),
    ).toEqual({ allow: false, redirect: '/console' });
    expect(guardAt(`/console/report/basic/${reportId}`, signedIn, clerk({ available_modules: [Module.REPORT_BASIC], permission: [Perm.REPORT_LIST] }))).toEqual(
      { allow: true },
    );
  });

  it('keeps non-admins off the merchant pages', () => {
    for (const path of ['/console/merchant/config', '/console/merchant/employee', '/console/merchant/update-abm-token']) {
      // The same notice as a missing permission (review §2.3: one rule for every forbidden URL).
      expect(guardAt(path, signedIn, clerk())).toEqual({ allow: false, redirect: '/console', notice: NO_PERMISSION_TEXT });
      expect(guardAt(path, signedIn, clerk({ permission: [Perm.ADMIN] }))).toEqual({ allow: true });
    }
  });

  it('warns and redirects when a permission is missing (login log needs Dc1)', () => {
    expect(guardAt('/console/security/login-log', signedIn, clerk())).toEqual({
      allow: false,
      redirect: '/console',
      notice: NO_PERMISSION_TEXT,
    });
    expect(guardAt('/console/security/login-log', signedIn, clerk({ permission: [Perm.LOGIN_LOG] }))).toEqual({ allow: true });
  });

  it('keeps the report area to clerks holding Ca1 (report list:page)', () => {
    for (const path of ['/console/report/basic', '/console/report/rcs']) {
      expect(guardAt(path, signedIn, clerk({ available_modules: [Module.REPORT_BASIC] }))).toMatchObject({ allow: false, notice: NO_PERMISSION_TEXT });
    }
    expect(guardAt('/console/report/rcs', signedIn, clerk({ permission: [Perm.REPORT_LIST] }))).toEqual({ allow: true });
  });

  it('applies a child route’s permission on top of its parent (Apple operation log needs Db1)', () => {
    expect(guardAt('/console/security/operation-log/apple', signedIn, clerk())).toMatchObject({ allow: false, notice: NO_PERMISSION_TEXT });
    expect(guardAt('/console/security/operation-log/apple', signedIn, clerk({ permission: [Perm.OPERATION_LOG] }))).toEqual({ allow: true });
    expect(guardAt('/console/security/operation-log/android', signedIn, clerk())).toEqual({ allow: true });
  });

  it('exempts dev routes from the login check', () => {
    expect(guardAt('/system/dev', signedOut, null)).toEqual({ allow: true });
    expect(decideGuard(meta({ name: 'dev-anything', adminOnly: true }), signedOut, null)).toEqual({ allow: true });
  });

  it('lets visitors open the public pages', () => {
    for (const path of ['/forgot-password', '/system/register/new-store', '/enroll/abc123', '/no/such/page']) {
      expect(guardAt(path, signedOut, null)).toEqual({ allow: true });
    }
  });

  it('lets an admin through every route but the visitors-only login page', () => {
    const everyPath = walkRoutes(APP_ROUTES)
      .filter((v) => !v.route.meta.guestOnly && !v.route.meta.redirect)
      .map((v) => v.path.replace(':id', '6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b').replace(/:\w+/g, 'x').replace('/*', ''));
    expect(everyPath.length).toBeGreaterThan(25);
    for (const path of everyPath) expect(guardAt(path, signedIn, admin()), path).toEqual({ allow: true });
  });
});

describe('redirect helpers', () => {
  it('loginPath keeps the way back except for home and the login page itself', () => {
    expect(loginPath('/console/help?x=1')).toBe('/login?redirect=%2Fconsole%2Fhelp%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fconsole')).toBe('/login');
  });

  it('safeRedirect only follows same-site paths', () => {
    expect(safeRedirect('/console/help')).toBe('/console/help');
    expect(safeRedirect('https://evil.example.com')).toBe('/console');
    expect(safeRedirect('//evil.example.com')).toBe('/console');
    expect(safeRedirect(null)).toBe('/console');
  });
});
