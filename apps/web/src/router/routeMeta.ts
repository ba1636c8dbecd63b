import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { RouteMeta } from './meta.ts';
import { isRouteMeta } from './useRouteMeta.ts';

export interface MatchedMeta {
  /** Metas of the matched routes, outermost first; empty when nothing matched. */
  chain: RouteMeta[];
  params: Params;
}

/** matchMeta finds the meta chain and params a path resolves to. */
export function matchMeta(routes: RouteObject[], pathname: string): MatchedMeta {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    chain: matches.map((m) => m.route.handle).filter(isRouteMeta),
    params: matches.at(-1)?.params ?? {},
  };
}
