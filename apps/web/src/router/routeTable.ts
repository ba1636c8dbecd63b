import { Module, PERMISSION_GROUPS, Perm, type PermissionRequirement } from '@lease/shared';
import type { RouteDef, RouteMeta } from './meta.ts';
import { gotoExternal } from './intercepts.ts';
import { comingSoon, DEVICE_NOT_FOUND_TEXT, deviceSlugTarget, isUuid, LEGACY_ALIASES } from './redirects.ts';

/** anyOf: a menu section shown to a clerk holding at least one permission of the platform's group (admins pass). */
const anyOf = (group: 'apple' | 'android'): PermissionRequirement => ({
  perms: PERMISSION_GROUPS.find((g) => g.key === group)?.items.map((i) => i.code) ?? [],
  mode: 'any',
});
const ANY_APPLE = anyOf('apple');
const ANY_ANDROID = anyOf('android');

const deviceId = { check: ({ id }: { id?: string }) => isUuid(id), message: DEVICE_NOT_FOUND_TEXT };
const reportId = { check: ({ id }: { id?: string }) => isUuid(id), message: '报告不存在' };

const consoleRoute = (path: string, meta: Omit<RouteMeta, 'layout'>, children?: RouteDef[]): RouteDef => ({
  path,
  meta: { ...meta, layout: 'console' },
  children,
});

const alias = (path: string, to: string): RouteDef => ({
  path,
  meta: { name: `legacy${path.replaceAll('/', '-')}`, layout: 'console', redirect: () => to },
});

/**
 * The operator console (/ops). Its routes are `public` to the store console's guard: OpsLayout
 * guards them with the operator's own session. A new /ops page adds a line here, its page in routes.ts and a line
 * in ops/opsMenu.tsx.
 */
const opsRoute = (path: string, name: string, title: string): RouteDef => ({ path, meta: { name, title, layout: 'ops', public: true } });
export const OPS_ROUTES: RouteDef[] = [
  { path: '/ops/login', meta: { name: 'ops-login', title: '运营后台登录', layout: 'empty', public: true } },
  opsRoute('/ops', 'ops-home', '运营首页'),
  opsRoute('/ops/setup', 'ops-setup', '首次登录设置'),
  opsRoute('/ops/stores', 'ops-stores', '门店管理'),
  opsRoute('/ops/stores/:id', 'ops-store', '门店详情'),
  opsRoute('/ops/push-cert', 'ops-push-cert', '推送证书'),
  opsRoute('/ops/audit', 'ops-audit', '操作审计'),
  opsRoute('/ops/settings', 'ops-settings', '平台设置'),
];

/**
 * ROUTES is the one route table of spec §2. Each route's meta is its guard: the root loader
 * (router/guardLoader.ts) enforces it and the console menu and tabs are derived from it; pages never re-check.
 * It names no page: the screens are attached by name in routes.ts, so any page may read this table.
 */
export const ROUTES: RouteDef[] = [
  { path: '/', meta: { name: 'index', layout: 'empty', redirect: () => '/console' } },
  { path: '/login', meta: { name: 'login', title: '登录', layout: 'empty', guestOnly: true, bare: true } },
  { path: '/forgot-password', meta: { name: 'forgot-password', title: '找回密码', layout: 'empty', public: true } },
  { path: '/system/dev', meta: { name: 'dev', title: '开发者页面', layout: 'empty' } },
  {
    path: '/system/register',
    meta: { name: 'system-register', title: '注册', layout: 'empty', public: true },
    children: [
      { index: true, meta: { name: 'system-register-index', redirect: () => '/system/register/new-store' } },
      { path: 'new-store', meta: { name: 'system-register-new-store', title: '注册门店' } },
    ],
  },
  { path: '/goto/:key/*', meta: { name: 'goto', title: '正在跳转', layout: 'empty', intercept: gotoExternal } },
  { path: '/enroll/:snEncrypt', meta: { name: 'enroll', title: '设备登记', layout: 'empty', public: true } },

  consoleRoute('/console', { name: 'console', title: '首页', menu: {} }),

  consoleRoute('/console/device/ios/list', {
    name: 'console-device-ios-list',
    title: 'Apple 设备列表',
    module: Module.APPLE,
    menu: { section: 'apple', label: '设备列表', permission: ANY_APPLE },
  }),
  consoleRoute('/console/device/ios/recycled-list', {
    name: 'console-device-ios-recycled-list',
    title: 'Apple 回收站',
    module: Module.APPLE,
    menu: { section: 'apple', label: '回收站', permission: ANY_APPLE },
  }),
  consoleRoute('/console/device/ios/default-restriction', {
    name: 'console-device-ios-default-restriction',
    title: 'Apple 默认限制',
    module: Module.APPLE,
    menu: { section: 'apple', label: '默认限制', permission: ANY_APPLE },
  }),
  consoleRoute('/console/device/ios/:id', {
    name: 'console-device-ios-id',
    title: 'Apple 设备详情',
    module: Module.APPLE,
    validate: deviceId,
    activeMenu: 'console-device-ios-list',
  }),

  consoleRoute(
    '/console/device/android/list',
    {
      name: 'console-device-android-list',
      title: 'Android 设备列表',
      module: Module.ANDROID,
      menu: { section: 'android', label: '设备列表', permission: ANY_ANDROID },
    },
    [
      { index: true, meta: { name: 'console-device-android-list-default', title: 'Android 设备列表', tab: '设备列表' } },
      { path: 'archived', meta: { name: 'console-device-android-list-archived', title: 'Android 已归档设备', tab: '已归档' } },
    ],
  ),
  consoleRoute('/console/device/android/default-restriction', {
    name: 'console-device-android-default-restriction',
    title: 'Android 默认限制',
    module: Module.ANDROID,
    menu: { section: 'android', label: '默认限制', permission: ANY_ANDROID },
  }),
  consoleRoute('/console/device/android/:id', {
    name: 'console-device-android-id',
    title: 'Android 设备详情',
    module: Module.ANDROID,
    validate: deviceId,
    activeMenu: 'console-device-android-list',
  }),

  consoleRoute('/console/lease/collections', {
    name: 'console-lease-collections',
    title: '催收',
    permission: Perm.LEASE_COLLECTIONS,
    menu: { section: 'lease' },
  }),
  consoleRoute('/console/lease/plans', {
    name: 'console-lease-plans',
    title: '全部分期计划',
    permission: Perm.LEASE_PLAN_VIEW,
    menu: { section: 'lease', label: '全部计划' },
  }),

  consoleRoute('/console/device/wallpaper', { name: 'console-device-wallpaper', title: '壁纸管理', menu: {} }),
  { path: '/console/device/:slug', meta: { name: 'console-device-slug', layout: 'console', redirect: ({ slug }) => deviceSlugTarget(slug) } },
  ...Object.entries(LEGACY_ALIASES).map(([from, to]) => alias(from, to)),

  consoleRoute('/console/report/rcs', { name: 'console-report-rcs', title: '风控查询', permission: Perm.REPORT_LIST, menu: { section: 'report' } }),
  consoleRoute('/console/report/basic', {
    name: 'console-report-basic',
    title: '基础版报告',
    module: Module.REPORT_BASIC,
    permission: Perm.REPORT_LIST,
    menu: { section: 'report' },
  }),
  consoleRoute('/console/report/basic/:id', {
    name: 'console-report-basic-id',
    title: '基础版报告',
    module: Module.REPORT_BASIC,
    permission: Perm.REPORT_LIST,
    validate: reportId,
    activeMenu: 'console-report-basic',
  }),
  consoleRoute('/console/report/advanced', {
    name: 'console-report-advanced',
    title: '进阶版报告',
    module: Module.REPORT_ADVANCED,
    permission: Perm.REPORT_LIST,
    menu: { section: 'report' },
  }),
  consoleRoute('/console/report/advanced/:id', {
    name: 'console-report-advanced-id',
    title: '进阶版报告',
    module: Module.REPORT_ADVANCED,
    permission: Perm.REPORT_LIST,
    validate: reportId,
    activeMenu: 'console-report-advanced',
  }),
  consoleRoute('/console/report/professional', {
    name: 'console-report-professional',
    title: '专业版报告',
    // Not in the menu until it exists (review D24): a link to it still says 即将推出.
    intercept: comingSoon,
  }),

  consoleRoute('/console/merchant/config', { name: 'console-merchant-config', title: '门店设置', adminOnly: true, menu: { section: 'merchant' } }),
  consoleRoute('/console/merchant/employee', { name: 'console-merchant-employee', title: '店员管理', adminOnly: true, menu: { section: 'merchant' } }),
  consoleRoute('/console/merchant/update-abm-token', {
    name: 'console-merchant-update-abm-token',
    title: '更新 ABM 令牌',
    adminOnly: true,
    menu: { section: 'merchant' },
  }),

  consoleRoute('/console/security/password', { name: 'console-security-password', title: '修改密码', menu: { section: 'security' } }),
  consoleRoute('/console/security/login-log', {
    name: 'console-security-login-log',
    title: '登录日志',
    permission: Perm.LOGIN_LOG,
    menu: { section: 'security' },
  }),
  consoleRoute('/console/security/operation-log', { name: 'console-security-operation-log', title: '操作日志', menu: { section: 'security' } }, [
    {
      path: 'apple',
      meta: { name: 'console-security-operation-log-apple', title: 'Apple 操作日志', tab: 'Apple 设备', permission: Perm.OPERATION_LOG, module: Module.APPLE },
    },
    { path: 'android', meta: { name: 'console-security-operation-log-android', title: 'Android 操作日志', tab: 'Android 设备', module: Module.ANDROID } },
    {
      path: 'report-view',
      // Who saw a hirer's full id number is the store admin's to read (PIPL), as on the server.
      meta: { name: 'console-security-operation-log-report-view', title: '报告查看记录', tab: '报告查看', adminOnly: true },
    },
  ]),

  consoleRoute('/console/appstore', { name: 'console-appstore', title: '应用商店', menu: {} }),
  consoleRoute('/console/help', { name: 'console-help', title: '帮助中心', menu: {} }),

  ...OPS_ROUTES,

  { path: '*', meta: { name: 'not-found', title: '页面不存在', layout: 'empty', public: true } },
];
