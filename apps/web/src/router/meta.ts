import type { Module, Perm, PermissionRequirement, UserInfo } from '@lease/shared';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

export type LayoutName = 'console' | 'empty' | 'ops';

/** Menu sections of the console sider, in display order. */
export const MENU_SECTIONS = {
  apple: 'Apple 设备',
  android: 'Android 设备',
  lease: '分期管理',
  report: '报告中心',
  merchant: '门店管理',
  security: '安全中心',
} as const;
export type MenuSection = keyof typeof MENU_SECTIONS;

/** RouteValidation checks a route's params; a failure is a fatal 404 with `message` or 'Page Not Found'. */
export interface RouteValidation {
  check: (params: Params) => boolean;
  message?: string;
}

/** What a route does instead of rendering when entered (see router/intercepts.ts). */
export type Interception = { kind: 'proceed' } | { kind: 'cancel'; notice: { type: 'info' | 'error'; text: string } } | { kind: 'leave'; url: string };

export interface InterceptContext {
  params: Params;
  user: UserInfo | null;
}

/**
 * RouteMeta is the guard meta of one route of spec §2. Children inherit their ancestors' requirements
 * (module, permission, admin-only, public) and layout.
 */
export interface RouteMeta {
  /** Stable route name; names starting with `dev` are exempt from the login check. */
  name: string;
  /** Page title in Chinese; also the menu label unless `menu.label` is set. */
  title?: string;
  layout?: LayoutName;
  module?: Module;
  permission?: PermissionRequirement | Perm;
  adminOnly?: boolean;
  /** Reachable without a session. */
  public?: boolean;
  /** Only for visitors: a session holder is sent to /console (the login page). */
  guestOnly?: boolean;
  validate?: RouteValidation;
  /** A pure alias: the path to go to instead (query string kept). */
  redirect?: (params: Params) => string;
  intercept?: (ctx: InterceptContext) => Interception | Promise<Interception>;
  /**
   * The route's menu entry. `permission` is what the entry needs beyond the route's own guard: the page opens from a
   * link (a search result, a notice) but the menu and onboarding offer it only to a clerk who can act there.
   */
  menu?: { section?: MenuSection; label?: string; permission?: PermissionRequirement | Perm };
  /** Label when the route is shown as a tab of its parent page (router/menu.ts routeTabs). */
  tab?: string;
  /** For a page outside the menu (a device's detail): the menu entry to highlight instead. */
  activeMenu?: string;
  /** An `empty`-layout page built without antd (layouts/EmptyLayout.tsx): no antd in its first download. */
  bare?: boolean;
  /**
   * Starts the page's first data request once the guard let the visit through, alongside the download of the
   * page's code instead of after it renders. Never awaited; a failure is left to the page's own query.
   */
  prefetch?: (url: URL) => Promise<unknown>;
}

/** GuardMeta is a route's meta merged with its ancestors', what the guard decides on. */
export interface GuardMeta {
  name: string;
  modules: Module[];
  permissions: (PermissionRequirement | Perm)[];
  adminOnly: boolean;
  public: boolean;
  guestOnly: boolean;
}

export function mergeMeta(chain: readonly RouteMeta[]): GuardMeta {
  const leaf = chain.at(-1);
  return {
    name: leaf?.name ?? '',
    modules: chain.flatMap((m) => (m.module ? [m.module] : [])),
    permissions: chain.flatMap((m) => (m.permission ? [m.permission] : [])),
    adminOnly: chain.some((m) => m.adminOnly),
    public: chain.some((m) => m.public),
    guestOnly: Boolean(leaf?.guestOnly),
  };
}

/** PageLoader downloads a route's screen: `() => import('./pages/…')`, attached by the root's routes.ts. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * RouteDef is one entry of the route table (router/routeTable.ts) without its screen: path, guard meta and
 * children. The menu, the tabs and the guard read only these.
 */
export interface RouteDef {
  path?: string;
  index?: boolean;
  meta: RouteMeta;
  children?: RouteDef[];
}

/** AppRoute is a RouteDef with its screen attached (routes.ts); `page` loads it lazily. */
export interface AppRoute extends RouteDef {
  page?: PageLoader;
  children?: AppRoute[];
}
