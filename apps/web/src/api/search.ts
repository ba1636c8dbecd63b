import type { DeviceSearchResponse } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** deviceSearchQuery is the header search (GET /api/search/devices); silent: the box shows a failure itself. */
export const deviceSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', 'devices', q],
    queryFn: () => api.get<DeviceSearchResponse>('/api/search/devices', { query: { q }, silent: true }),
    staleTime: 10_000,
  });
