import { Module, Perm } from '@lease/shared';
import type { AppRoute, RouteMeta } from './router/meta.ts';
import { gotoExternal } from './router/intercepts.ts';
import { comingSoon, DEVICE_NOT_FOUND_TEXT, deviceSlugTarget, isUuid, LEGACY_ALIASES } from './router/redirects.ts';

const placeholder = () => import('./components/Placeholder.tsx');
const deviceId = { check: ({ id }: { id?: string }) => isUuid(id), message: DEVICE_NOT_FOUND_TEXT };
const reportId = { check: ({ id }: { id?: string }) => isUuid(id), message: '报告不存在' };

const consoleRoute = (
  path: string,
  meta: Omit<RouteMeta, 'layout'>,
  page: AppRoute['page'] = placeholder,
  children?: AppRoute[],
): AppRoute => ({ path, meta: { ...meta, layout: 'console' }, page, children });

const alias = (path: string, to: string): AppRoute => ({
  path,
  meta: { name: `legacy${path.replaceAll('/', '-')}`, layout: 'console', redirect: () => to },
});

/**
 * The operator console (/ops, issue 16). Its routes are `public` to the store console's guard: OpsLayout
 * guards them with the operator's own session. A new /ops page adds a line here and one in ops/opsMenu.tsx.
 */
const opsRoute = (path: string, name: string, title: string, page: AppRoute['page']): AppRoute => ({ path, meta: { name, title, layout: 'ops', public: true }, page });
export const OPS_ROUTES: AppRoute[] = [
  { path: '/ops/login', meta: { name: 'ops-login', title: '运营后台登录', layout: 'empty', public: true }, page: () => import('./pages/ops/login/OpsLoginPage.tsx') },
  opsRoute('/ops', 'ops-home', '运营首页', () => import('./pages/ops/home/OpsHomePage.tsx')),
  opsRoute('/ops/setup', 'ops-setup', '首次登录设置', () => import('./pages/ops/setup/OpsSetupPage.tsx')),
  opsRoute('/ops/stores', 'ops-stores', '门店管理', () => import('./pages/ops/stores/OpsStoresPage.tsx')),
  opsRoute('/ops/stores/:id', 'ops-store', '门店详情', () => import('./pages/ops/stores/OpsStorePage.tsx')),
  opsRoute('/ops/push-cert', 'ops-push-cert', '推送证书', () => import('./pages/ops/push-cert/OpsPushCertPage.tsx')),
  opsRoute('/ops/audit', 'ops-audit', '操作审计', () => import('./pages/ops/audit/OpsAuditPage.tsx')),
  opsRoute('/ops/settings', 'ops-settings', '平台设置', () => import('./pages/ops/settings/OpsSettingsPage.tsx')),
];

/**
 * ROUTES is the one route table of spec §2. Each route's meta is its guard: the root loader
 * (router/guardLoader.ts) enforces it and the console menu is derived from it; pages never re-check.
 */
export const ROUTES: AppRoute[] = [
  { path: '/', meta: { name: 'index', layout: 'empty', redirect: () => '/console' } },
  {
    path: '/login',
    meta: { name: 'login', title: '登录', layout: 'empty', guestOnly: true, bare: true },
    page: () => import('./pages/login/LoginPage.tsx'),
  },
  {
    path: '/forgot-password',
    meta: { name: 'forgot-password', title: '找回密码', layout: 'empty', public: true },
    page: () => import('./pages/forgot-password/ForgotPasswordPage.tsx'),
  },
  {
    path: '/system/dev',
    meta: { name: 'dev', title: '开发者页面', layout: 'empty' },
    page: () => import('./pages/dev/DevPage.tsx'),
  },
  {
    path: '/system/register',
    meta: { name: 'system-register', title: '注册', layout: 'empty', public: true },
    page: () => import('./pages/register/RegisterPage.tsx'),
    children: [
      { index: true, meta: { name: 'system-register-index', redirect: () => '/system/register/new-store' } },
      {
        path: 'new-store',
        meta: { name: 'system-register-new-store', title: '注册门店' },
        page: () => import('./pages/register/NewStorePage.tsx'),
      },
    ],
  },
  {
    path: '/goto/:key/*',
    meta: { name: 'goto', title: '正在跳转', layout: 'empty', intercept: gotoExternal },
    page: () => import('./pages/goto/GotoPage.tsx'),
  },
  {
    path: '/enroll/:snEncrypt',
    meta: { name: 'enroll', title: '设备登记', layout: 'empty', public: true },
    page: () => import('./pages/enroll/EnrollPage.tsx'),
  },

  consoleRoute(
    '/console',
    { name: 'console', title: '首页', menu: {}, frameStyles: true, prefetch: () => import('./pages/home/prefetch.ts').then((m) => m.prefetchHome()) },
    () => import('./pages/home/HomePage.tsx'),
  ),

  consoleRoute(
    '/console/device/ios/list',
    {
      name: 'console-device-ios-list',
      title: 'Apple 设备列表',
      module: Module.APPLE,
      menu: { section: 'apple', label: '设备列表' },
      prefetch: (url) => import('./pages/device/ios/list/prefetch.ts').then((m) => m.prefetchIosList(url)),
    },
    () => import('./pages/device/ios/list/IosListPage.tsx'),
  ),
  consoleRoute(
    '/console/device/ios/recycled-list',
    { name: 'console-device-ios-recycled-list', title: 'Apple 回收站', module: Module.APPLE, menu: { section: 'apple', label: '回收站' } },
    () => import('./pages/device/ios/recycled/RecycledListPage.tsx'),
  ),
  consoleRoute(
    '/console/device/ios/default-restriction',
    { name: 'console-device-ios-default-restriction', title: 'Apple 默认限制', module: Module.APPLE, menu: { section: 'apple', label: '默认限制' } },
    () => import('./pages/device/ios/default-restriction/DefaultRestrictionPage.tsx'),
  ),
  consoleRoute(
    '/console/device/ios/:id',
    { name: 'console-device-ios-id', title: 'Apple 设备详情', module: Module.APPLE, validate: deviceId, activeMenu: 'console-device-ios-list' },
    () => import('./pages/device/ios/detail/IosDetailPage.tsx'),
  ),

  consoleRoute(
    '/console/device/android/list',
    {
      name: 'console-device-android-list',
      title: 'Android 设备列表',
      module: Module.ANDROID,
      menu: { section: 'android', label: '设备列表' },
    },
    () => import('./pages/device/android/AndroidListPage.tsx'),
    [
      {
        index: true,
        meta: { name: 'console-device-android-list-default', title: 'Android 设备列表', tab: '设备列表' },
        page: () => import('./pages/device/android/list/DeviceListTab.tsx'),
      },
      {
        path: 'archived',
        meta: { name: 'console-device-android-list-archived', title: 'Android 已归档设备', tab: '已归档' },
        page: () => import('./pages/device/android/list/ArchivedListTab.tsx'),
      },
    ],
  ),
  consoleRoute(
    '/console/device/android/default-restriction',
    {
      name: 'console-device-android-default-restriction',
      title: 'Android 默认限制',
      module: Module.ANDROID,
      menu: { section: 'android', label: '默认限制' },
    },
    () => import('./pages/device/android/restrictions/DefaultRestrictionPage.tsx'),
  ),
  consoleRoute(
    '/console/device/android/:id',
    {
      name: 'console-device-android-id',
      title: 'Android 设备详情',
      module: Module.ANDROID,
      validate: deviceId,
      activeMenu: 'console-device-android-list',
    },
    () => import('./pages/device/android/detail/AndroidDetailPage.tsx'),
  ),

  consoleRoute(
    '/console/device/wallpaper',
    { name: 'console-device-wallpaper', title: '壁纸管理', menu: {} },
    () => import('./pages/wallpaper/WallpaperPage.tsx'),
  ),
  {
    path: '/console/device/:slug',
    meta: { name: 'console-device-slug', layout: 'console', redirect: ({ slug }) => deviceSlugTarget(slug) },
  },
  ...Object.entries(LEGACY_ALIASES).map(([from, to]) => alias(from, to)),

  consoleRoute(
    '/console/report/rcs',
    { name: 'console-report-rcs', title: '风控查询', permission: Perm.REPORT_LIST, menu: { section: 'report' } },
    () => import('./pages/report/rcs/RcsPage.tsx'),
  ),
  consoleRoute(
    '/console/report/basic',
    { name: 'console-report-basic', title: '基础版报告', module: Module.REPORT_BASIC, permission: Perm.REPORT_LIST, menu: { section: 'report' } },
    () => import('./pages/report/list/ReportListPage.tsx').then((m) => ({ default: m.BasicReportPage })),
  ),
  consoleRoute(
    '/console/report/basic/:id',
    { name: 'console-report-basic-id', title: '基础版报告', module: Module.REPORT_BASIC, permission: Perm.REPORT_LIST, validate: reportId, activeMenu: 'console-report-basic' },
    () => import('./pages/report/view/ReportViewPage.tsx'),
  ),
  consoleRoute(
    '/console/report/advanced',
    { name: 'console-report-advanced', title: '进阶版报告', module: Module.REPORT_ADVANCED, permission: Perm.REPORT_LIST, menu: { section: 'report' } },
    () => import('./pages/report/list/ReportListPage.tsx').then((m) => ({ default: m.AdvancedReportPage })),
  ),
  consoleRoute(
    '/console/report/advanced/:id',
    { name: 'console-report-advanced-id', title: '进阶版报告', module: Module.REPORT_ADVANCED, permission: Perm.REPORT_LIST, validate: reportId, activeMenu: 'console-report-advanced' },
    () => import('./pages/report/view/ReportViewPage.tsx'),
  ),
  consoleRoute('/console/report/professional', {
    name: 'console-report-professional',
    title: '专业版报告',
    intercept: comingSoon,
    menu: { section: 'report' },
  }),

  consoleRoute(
    '/console/merchant/config',
    { name: 'console-merchant-config', title: '门店设置', adminOnly: true, menu: { section: 'merchant' } },
    () => import('./pages/merchant/config/MerchantConfigPage.tsx'),
  ),
  consoleRoute(
    '/console/merchant/employee',
    { name: 'console-merchant-employee', title: '店员管理', adminOnly: true, menu: { section: 'merchant' } },
    () => import('./pages/merchant/employee/EmployeePage.tsx'),
  ),
  consoleRoute(
    '/console/merchant/update-abm-token',
    { name: 'console-merchant-update-abm-token', title: '更新 ABM 令牌', adminOnly: true, menu: { section: 'merchant' } },
    () => import('./pages/merchant/abm/AbmTokenPage.tsx'),
  ),

  consoleRoute(
    '/console/security/password',
    { name: 'console-security-password', title: '修改密码', menu: { section: 'security' } },
    () => import('./pages/security/password/ChangePasswordPage.tsx'),
  ),
  consoleRoute(
    '/console/security/login-log',
    { name: 'console-security-login-log', title: '登录日志', permission: Perm.LOGIN_LOG, menu: { section: 'security' } },
    () => import('./pages/security/login-log/LoginLogPage.tsx'),
  ),
  consoleRoute(
    '/console/security/operation-log',
    { name: 'console-security-operation-log', title: '操作日志', menu: { section: 'security' } },
    () => import('./pages/security/operation-log/OperationLogPage.tsx'),
    [
      {
        path: 'apple',
        meta: { name: 'console-security-operation-log-apple', title: 'Apple 操作日志', tab: 'Apple 设备', permission: Perm.OPERATION_LOG, module: Module.APPLE },
        page: () => import('./pages/security/operation-log/AppleOperationLogPage.tsx'),
      },
      {
        path: 'android',
        meta: { name: 'console-security-operation-log-android', title: 'Android 操作日志', tab: 'Android 设备', module: Module.ANDROID },
        page: () => import('./pages/security/operation-log/AndroidOperationLogPage.tsx'),
      },
    ],
  ),

  consoleRoute('/console/appstore', { name: 'console-appstore', title: '应用商店', menu: {} }, () => import('./pages/appstore/AppstorePage.tsx')),
  consoleRoute('/console/help', { name: 'console-help', title: '帮助中心', menu: {} }, () => import('./pages/help/HelpPage.tsx')),

  ...OPS_ROUTES,

  {
    path: '*',
    meta: { name: 'not-found', title: '页面不存在', layout: 'empty', public: true },
    page: () => import('./pages/errors/NotFoundPage.tsx'),
  },
];
