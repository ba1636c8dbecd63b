import { hasPermission, type UserInfo } from '@lease/shared';
import { accessDenial, isAdmin } from './guard.ts';
import { MENU_SECTIONS, mergeMeta, type MenuSection, type RouteDef, type RouteMeta } from './meta.ts';

export interface MenuLink {
  type: 'link';
  key: string;
  label: string;
  path: string;
}

export interface MenuGroup {
  type: 'group';
  key: MenuSection;
  label: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent || '/';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

interface Visit<R> {
  route: R;
  path: string;
  chain: RouteMeta[];
}

/** walkRoutes lists every route of the table with its full path and its meta chain, parents first. */
export function walkRoutes<R extends RouteDef & { children?: R[] }>(routes: readonly R[], parentPath = '', parentChain: RouteMeta[] = []): Visit<R>[] {
  return routes.flatMap((route) => {
    const path = joinPath(parentPath, route.path);
    const chain = [...parentChain, route.meta];
    return [{ route, path, chain }, ...walkRoutes(route.children ?? [], path, chain)];
  });
}

const mayEnter = (chain: RouteMeta[], user: UserInfo) => accessDenial(mergeMeta(chain), user) === null;

/**
 * buildMenu derives the console sider from the route table: every route with `menu` meta that the
 * user may enter, grouped by section in table order. It applies the guard's own access rule, so the
 * menu never offers a page the guard would refuse, and the entry's own `menu.permission` (no Android
 * section for a clerk without any Android permission).
 */
export function buildMenu(routes: readonly RouteDef[], user: UserInfo): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groups = new Map<MenuSection, MenuGroup>();
  for (const { route, path, chain } of walkRoutes(routes)) {
    const { menu, title, name } = route.meta;
    if (!menu || !title || !mayEnter(chain, user)) continue;
    if (menu.permission && !isAdmin(user) && !hasPermission(user.permission, menu.permission)) continue;
    const link: MenuLink = { type: 'link', key: name, label: menu.label ?? title, path };
    if (!menu.section) {
      entries.push(link);
      continue;
    }
    let group = groups.get(menu.section);
    if (!group) {
      group = { type: 'group', key: menu.section, label: MENU_SECTIONS[menu.section], children: [] };
      groups.set(menu.section, group);
      entries.push(group);
    }
    group.children.push(link);
  }
  return entries;
}

/**
 * selectedMenuKey is the route's `activeMenu` when it names one, else the menu link whose path is the
 * longest prefix of the current path.
 */
export function selectedMenuKey(entries: readonly MenuEntry[], pathname: string, activeMenu?: string): string | undefined {
  const links = entries.flatMap((e) => (e.type === 'group' ? e.children : [e]));
  if (activeMenu && links.some((l) => l.key === activeMenu)) return activeMenu;
  const matching = links.filter((l) => pathname === l.path || pathname.startsWith(`${l.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0]?.key;
}

export interface RouteTab {
  path: string;
  label: string;
}

/** routeTabs lists the children of route `parentName` that carry a `tab` label and the user may enter. */
export function routeTabs(routes: readonly RouteDef[], parentName: string, user: UserInfo): RouteTab[] {
  const visits = walkRoutes(routes);
  const parent = visits.find((v) => v.route.meta.name === parentName);
  if (!parent) return [];
  return (parent.route.children ?? []).flatMap((child) => {
    const tab = child.meta.tab;
    if (!tab || !mayEnter([...parent.chain, child.meta], user)) return [];
    return [{ path: child.index ? parent.path : joinPath(parent.path, child.path), label: tab }];
  });
}
