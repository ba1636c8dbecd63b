import type { FetchQueryOptions } from '@tanstack/react-query';
import { homeQueries } from '../../api/home.ts';
import { queryClient } from '../../app/queryClient.ts';

/** prefetchHome asks for the figures HomePage reads, under the same keys. */
export function prefetchHome() {
  // Each query has its own data type; prefetching only needs its key and fetcher, so they go as one type.
  return Promise.all(homeQueries.map((query) => queryClient.prefetchQuery(query as FetchQueryOptions)));
}
