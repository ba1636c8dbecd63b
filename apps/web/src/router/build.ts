import type { RouteObject } from 'react-router';
import { loadChunk } from '../app/chunkReload.ts';
import EmptyLayout from '../layouts/EmptyLayout.tsx';
import { needsAntdRest, type AppRoute, type LayoutName } from './meta.ts';

const lazyComponent = (page: NonNullable<AppRoute['page']>) => async () => ({ Component: (await loadChunk(page)).default });
const antdRestStyles = () => import('../app/antdRestStyles.ts');

function lazyPage(route: AppRoute) {
  const page = route.page!;
  if (!needsAntdRest(route.meta)) return lazyComponent(page);
  return lazyComponent(() => Promise.all([page(), loadChunk(antdRestStyles)]).then(([m]) => m));
}

export function toRouteObject(route: AppRoute): RouteObject {
  // A redirect-only route never renders; `element: null` says so instead of an empty-page warning.
  const element = route.page || route.children ? undefined : null;
  const common = { id: route.meta.name, handle: route.meta, element, lazy: route.page && lazyPage(route) };
  if (route.index) return { ...common, index: true };
  return { ...common, path: route.path, children: route.children?.map(toRouteObject) };
}

const layoutOf = (route: AppRoute): LayoutName => {
  if (!route.meta.layout) throw new Error(`Route "${route.meta.name}" has no layout`);
  return route.meta.layout;
};

/**
 * buildLayoutRoutes nests the table's top-level routes under one pathless route per layout. The
 * console layout is its own chunk so the login page never downloads the sider and menu.
 */
export function buildLayoutRoutes(table: readonly AppRoute[]): RouteObject[] {
  const under = (layout: LayoutName) => table.filter((r) => layoutOf(r) === layout).map(toRouteObject);
  return [
    {
      id: 'layout-console',
      lazy: lazyComponent(() => import('../layouts/ConsoleLayout.tsx')),
      children: under('console'),
    },
    { id: 'layout-empty', Component: EmptyLayout, children: under('empty') },
    // The operator console (/ops): its own chunk, session and guard (layouts/OpsLayout.tsx).
    { id: 'layout-ops', lazy: lazyComponent(() => import('../layouts/OpsLayout.tsx')), children: under('ops') },
  ];
}
