import type { UserInfo } from '@lease/shared';
import { accessDenial } from './guard.ts';
import { MENU_SECTIONS, mergeMeta, type AppRoute, type MenuSection, type RouteMeta } from './meta.ts';

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

/**
 * buildMenu derives the console sider from the route table: every route with `menu` meta that the
 * user may enter, grouped by section in table order. It applies the guard's own access rule, so the
 * menu never offers a page the guard would refuse.
 */
export function buildMenu(routes: readonly AppRoute[], user: UserInfo): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groups = new Map<MenuSection, MenuGroup>();

  const visit = (route: AppRoute, parentPath: string, chain: RouteMeta[]) => {
    const path = joinPath(parentPath, route.path);
    const metas = [...chain, route.meta];
    const { menu, title, name } = route.meta;
    if (menu && title && accessDenial(mergeMeta(metas), user) === null) {
      const link: MenuLink = { type: 'link', key: name, label: menu.label ?? title, path };
      if (!menu.section) {
        entries.push(link);
      } else {
        let group = groups.get(menu.section);
        if (!group) {
          group = { type: 'group', key: menu.section, label: MENU_SECTIONS[menu.section], children: [] };
          groups.set(menu.section, group);
          entries.push(group);
        }
        group.children.push(link);
      }
    }
    route.children?.forEach((child) => visit(child, path, metas));
  };

  routes.forEach((route) => visit(route, '', []));
  return entries;
}

/** selectedMenuKey is the menu link whose path is the longest prefix of the current path. */
export function selectedMenuKey(entries: readonly MenuEntry[], pathname: string): string | undefined {
  const links = entries.flatMap((e) => (e.type === 'group' ? e.children : [e]));
  const matching = links.filter((l) => pathname === l.path || pathname.startsWith(`${l.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0]?.key;
}
