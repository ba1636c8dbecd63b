import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from '../app/chunkReload.ts';
import type { AppRoute, LayoutName, PageLoader, RouteDef, RouteMeta } from './meta.ts';

/** lazyComponent is a route's `lazy` that downloads a screen (a page or a layout), reloading once for a stale chunk. */
export const lazyComponent = (page: PageLoader) => async () => ({ Component: (await loadChunk(page)).default });

/** ColdStart says whether the router is still on the first load of the page (a link opened cold). */
export type ColdStart = () => boolean;

function lazyPage(route: AppRoute, coldStart?: ColdStart) {
  const page = route.page!;
  const load: PageLoader = () => loadChunk(page);
  return async () => {
    // Opened cold (a device link), the router would wait for the page's code before painting anything: hand it a
    // component that waits for the code itself, so the layout's frame paints first with the spinner in its content.
    if (coldStart?.()) return { Component: lazy(load) };
    return { Component: (await load()).default };
  };
}

/** routeObject turns a table route into the router's, its pages loaded the cold-start way when `coldStart` says so. */
export function routeObject(route: AppRoute, coldStart?: ColdStart): RouteObject {
  // A redirect-only route never renders; `element: null` says so instead of an empty-page warning.
  const element = route.page || route.children ? undefined : null;
  const common = { id: route.meta.name, handle: route.meta, element, lazy: route.page && lazyPage(route, coldStart) };
  if (route.index) return { ...common, index: true };
  return { ...common, path: route.path, children: route.children?.map((child) => routeObject(child, coldStart)) };
}

export const toRouteObject = (route: AppRoute): RouteObject => routeObject(route);

export const layoutOf = (route: AppRoute): LayoutName => {
  if (!route.meta.layout) throw new Error(`Route "${route.meta.name}" has no layout`);
  return route.meta.layout;
};

/** RouteScreens are what the root attaches to the route table by route name (routes.ts). */
export interface RouteScreens {
  pages: Record<string, PageLoader>;
  prefetch?: Record<string, NonNullable<RouteMeta['prefetch']>>;
}

/**
 * withPages attaches each route's screen, and its first data request, by route name. A route that neither
 * redirects nor has a page, and a screen for a name the table lacks, are refused: both are slips of the pen.
 */
export function withPages(table: readonly RouteDef[], { pages, prefetch = {} }: RouteScreens): AppRoute[] {
  const unused = new Set([...Object.keys(pages), ...Object.keys(prefetch)]);
  const attach = (route: RouteDef): AppRoute => {
    const { name } = route.meta;
    unused.delete(name);
    const page = Object.hasOwn(pages, name) ? pages[name] : undefined;
    const first = Object.hasOwn(prefetch, name) ? prefetch[name] : undefined;
    if (!page && !route.meta.redirect) throw new Error(`Route "${name}" has no page`);
    return {
      ...route,
      meta: first ? { ...route.meta, prefetch: first } : route.meta,
      ...(page && { page }),
      ...(route.children && { children: route.children.map(attach) }),
    };
  };
  const routes = table.map(attach);
  if (unused.size) throw new Error(`No route is named ${[...unused].join(', ')}`);
  return routes;
}
