import type { PageLoader, RouteMeta } from './router/meta.ts';
import { withPages } from './router/build.ts';
import { ROUTES } from './router/routeTable.ts';

/**
 * PAGES is each route's screen by route name (router/routeTable.ts holds the paths and guard meta). Each loader
 * is a literal `import()` so the build makes one chunk per page, and scripts/route-preloads.ts reads the module
 * from it.
 */
const PAGES: Record<string, PageLoader> = {
  login: () => import('./pages/login/LoginPage.tsx'),
  'forgot-password': () => import('./pages/forgot-password/ForgotPasswordPage.tsx'),
  dev: () => import('./pages/dev/DevPage.tsx'),
  'system-register': () => import('./pages/register/RegisterPage.tsx'),
  'system-register-new-store': () => import('./pages/register/NewStorePage.tsx'),
  goto: () => import('./pages/goto/GotoPage.tsx'),
  enroll: () => import('./pages/enroll/EnrollPage.tsx'),

  console: () => import('./pages/home/HomePage.tsx'),

  'console-device-ios-list': () => import('./pages/device/ios/list/IosListPage.tsx'),
  'console-device-ios-recycled-list': () => import('./pages/device/ios/recycled/RecycledListPage.tsx'),
  'console-device-ios-default-restriction': () => import('./pages/device/ios/default-restriction/DefaultRestrictionPage.tsx'),
  'console-device-ios-id': () => import('./pages/device/ios/detail/IosDetailPage.tsx'),

  'console-device-android-list': () => import('./pages/device/android/AndroidListPage.tsx'),
  'console-device-android-list-default': () => import('./pages/device/android/list/DeviceListTab.tsx'),
  'console-device-android-list-archived': () => import('./pages/device/android/list/ArchivedListTab.tsx'),
  'console-device-android-default-restriction': () => import('./pages/device/android/restrictions/DefaultRestrictionPage.tsx'),
  'console-device-android-id': () => import('./pages/device/android/detail/AndroidDetailPage.tsx'),

  'console-lease-collections': () => import('./pages/lease/collections/LeaseListPage.tsx').then((m) => ({ default: m.CollectionsPage })),
  'console-lease-plans': () => import('./pages/lease/collections/LeaseListPage.tsx').then((m) => ({ default: m.AllPlansPage })),

  'console-device-wallpaper': () => import('./pages/wallpaper/WallpaperPage.tsx'),

  'console-report-rcs': () => import('./pages/report/rcs/RcsPage.tsx'),
  'console-report-basic': () => import('./pages/report/list/ReportListPage.tsx').then((m) => ({ default: m.BasicReportPage })),
  'console-report-basic-id': () => import('./pages/report/view/ReportViewPage.tsx'),
  'console-report-advanced': () => import('./pages/report/list/ReportListPage.tsx').then((m) => ({ default: m.AdvancedReportPage })),
  'console-report-advanced-id': () => import('./pages/report/view/ReportViewPage.tsx'),
  // Not built yet: the guard cancels the visit (comingSoon); the placeholder is what a direct render would show.
  'console-report-professional': () => import('./components/Placeholder.tsx'),

  'console-merchant-config': () => import('./pages/merchant/config/MerchantConfigPage.tsx'),
  'console-merchant-employee': () => import('./pages/merchant/employee/EmployeePage.tsx'),
  'console-merchant-update-abm-token': () => import('./pages/merchant/abm/AbmTokenPage.tsx'),

  'console-security-password': () => import('./pages/security/password/ChangePasswordPage.tsx'),
  'console-security-login-log': () => import('./pages/security/login-log/LoginLogPage.tsx'),
  'console-security-operation-log': () => import('./pages/security/operation-log/OperationLogPage.tsx'),
  'console-security-operation-log-apple': () => import('./pages/security/operation-log/AppleOperationLogPage.tsx'),
  'console-security-operation-log-android': () => import('./pages/security/operation-log/AndroidOperationLogPage.tsx'),
  'console-security-operation-log-report-view': () => import('./pages/security/operation-log/ReportViewLogPage.tsx'),

  'console-appstore': () => import('./pages/appstore/AppstorePage.tsx'),
  'console-help': () => import('./pages/help/HelpPage.tsx'),

  'ops-login': () => import('./pages/ops/login/OpsLoginPage.tsx'),
  'ops-home': () => import('./pages/ops/home/OpsHomePage.tsx'),
  'ops-setup': () => import('./pages/ops/setup/OpsSetupPage.tsx'),
  'ops-stores': () => import('./pages/ops/stores/OpsStoresPage.tsx'),
  'ops-store': () => import('./pages/ops/stores/OpsStorePage.tsx'),
  'ops-push-cert': () => import('./pages/ops/push-cert/OpsPushCertPage.tsx'),
  'ops-audit': () => import('./pages/ops/audit/OpsAuditPage.tsx'),
  'ops-settings': () => import('./pages/ops/settings/OpsSettingsPage.tsx'),

  'not-found': () => import('./pages/errors/NotFoundPage.tsx'),
};

/** PREFETCH is the first data request of the pages that start it alongside their code (RouteMeta.prefetch). */
const PREFETCH: Record<string, NonNullable<RouteMeta['prefetch']>> = {
  console: () => import('./pages/home/prefetch.ts').then((m) => m.prefetchHome()),
  'console-device-ios-list': (url) => import('./pages/device/ios/list/prefetch.ts').then((m) => m.prefetchIosList(url)),
};

/** APP_ROUTES is the route table with its screens: what the router is built from (main.tsx). */
export const APP_ROUTES = withPages(ROUTES, { pages: PAGES, prefetch: PREFETCH });
