import { useMatches } from 'react-router';
import type { RouteMeta } from './meta.ts';

export const isRouteMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' && handle !== null && typeof (handle as { name?: unknown }).name === 'string';

/** useRouteMeta is the meta of the deepest matched route, for titles and placeholders. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  return matches
    .map((m) => m.handle)
    .filter(isRouteMeta)
    .at(-1);
}
