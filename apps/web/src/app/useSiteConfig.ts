import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_CONFIG, loadSiteConfig, type SiteConfig } from './siteConfig.ts';

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: () => loadSiteConfig({ fetch: (input, init) => fetch(input, init), host: window.location.hostname, now: Date.now() }),
  staleTime: Infinity,
});

/** useSiteConfig is the host's title and logo setting; the defaults until (or unless) it loads. */
export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQuery).data ?? DEFAULT_SITE_CONFIG;
}
