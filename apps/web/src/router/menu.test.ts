import { Module, Perm, type UserInfo } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routeTable.ts';
import { admin, clerk } from '../test/fixtures.ts';
import { buildMenu, routeTabs, selectedMenuKey, type MenuEntry } from './menu.ts';

/** labels flattens the menu to 'section/label' strings. */
const labels = (user: UserInfo) =>
  buildMenu(ROUTES, user).flatMap((e: MenuEntry) => (e.type === 'group' ? e.children.map((c) => `${e.label}/${c.label}`) : [e.label]));

describe('console menu', () => {
  it('shows an admin every area', () => {
    const menu = labels(admin());
    expect(menu).toEqual(
      expect.arrayContaining([
        '首页',
        'Apple 设备/设备列表',
        'Android 设备/设备列表',
        '报告中心/基础版报告',
        '门店管理/门店设置',
        '门店管理/店员管理',
        '门店管理/更新 ABM 令牌',
        '安全中心/登录日志',
        '安全中心/修改密码',
      ]),
    );
    expect(menu[0]).toBe('首页');
  });

  it('hides what the modules, admin flag and permissions forbid', () => {
    const menu = labels(clerk({ available_modules: [Module.APPLE], permission: [Perm.APPLE_LIST_VIEW_ALL] }));
    expect(menu).toContain('Apple 设备/回收站');
    expect(menu.some((l) => l.startsWith('Android 设备/'))).toBe(false);
    expect(menu.some((l) => l.startsWith('门店管理/'))).toBe(false);
    expect(menu).not.toContain('安全中心/登录日志');
    expect(menu).not.toContain('报告中心/基础版报告');
    expect(menu).toContain('安全中心/修改密码');
  });

  it('shows a device section only to a clerk with a permission of that platform (review D8)', () => {
    const appleOnly = labels(clerk({ permission: [Perm.APPLE_LIST_VIEW_ALL, Perm.APPLE_ENABLE_LOST_MODE, Perm.APPLE_DISABLE_LOST_MODE, Perm.OPERATION_LOG] }));
    expect(appleOnly).toEqual(expect.arrayContaining(['Apple 设备/设备列表', 'Apple 设备/回收站', 'Apple 设备/默认限制']));
    expect(appleOnly.some((l) => l.startsWith('Android 设备/'))).toBe(false);
    const androidOnly = labels(clerk({ permission: [Perm.ANDROID_LOCK] }));
    expect(androidOnly).toEqual(expect.arrayContaining(['Android 设备/设备列表', 'Android 设备/默认限制']));
    expect(androidOnly.some((l) => l.startsWith('Apple 设备/'))).toBe(false);
    const none = labels(clerk());
    expect(none.some((l) => l.startsWith('Apple 设备/') || l.startsWith('Android 设备/'))).toBe(false);
  });

  it('offers no 报告中心 entry without report permission, and no 专业版报告 until it exists (D24)', () => {
    expect(labels(clerk({ permission: [Perm.APPLE_LIST_VIEW_ALL] })).some((l) => l.startsWith('报告中心/'))).toBe(false);
    expect(labels(admin()).some((l) => l.includes('专业版报告'))).toBe(false);
    expect(labels(admin())).toContain('报告中心/基础版报告');
  });

  it('shows a permission-gated page once the clerk holds the code', () => {
    expect(labels(clerk({ permission: [Perm.LOGIN_LOG] }))).toContain('安全中心/登录日志');
  });

  it('leaves out detail pages, redirects and tabs', () => {
    const paths = buildMenu(ROUTES, admin())
      .flatMap((e) => (e.type === 'group' ? e.children : [e]))
      .map((l) => l.path);
    expect(paths.some((p) => p.includes(':'))).toBe(false);
    expect(paths).not.toContain('/console/device/list');
    expect(paths).not.toContain('/console/device/android/list/archived');
  });

  it('selects the entry with the longest matching path', () => {
    const menu = buildMenu(ROUTES, admin());
    expect(selectedMenuKey(menu, '/console')).toBe('console');
    expect(selectedMenuKey(menu, '/console/device/android/list/archived')).toBe('console-device-android-list');
    expect(selectedMenuKey(menu, '/console/security/operation-log/apple')).toBe('console-security-operation-log');
    // A device's detail page highlights its list, which its path does not start with.
    expect(selectedMenuKey(menu, '/console/device/ios/3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b', 'console-device-ios-list')).toBe('console-device-ios-list');
  });
});

describe('route tabs', () => {
  it('offers the Apple operation log only with Db1 and the report-view tab only to the admin (PIPL)', () => {
    const paths = (user: UserInfo) => routeTabs(ROUTES, 'console-security-operation-log', user).map((t) => t.path);
    expect(paths(clerk())).toEqual(['/console/security/operation-log/android']);
    expect(paths(clerk({ permission: [Perm.OPERATION_LOG] }))).toEqual(['/console/security/operation-log/apple', '/console/security/operation-log/android']);
    expect(paths(admin())).toContain('/console/security/operation-log/report-view');
  });

  it('maps the Android list index tab to the list path', () => {
    expect(routeTabs(ROUTES, 'console-device-android-list', clerk())).toEqual([
      { path: '/console/device/android/list', label: '设备列表' },
      { path: '/console/device/android/list/archived', label: '已归档' },
    ]);
  });
});
