import type { StoreMdmHost, StoreMdmHostRequest } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** storeMdmHostQuery: the store's own MDM host, profile prefix, API key state and that host's title and logo (admin). */
export const storeMdmHostQuery = queryOptions({
  queryKey: ['store', 'mdm-host'] as const,
  queryFn: () => api.get<StoreMdmHost>('/api/store/mdm-host'),
});
export const updateStoreMdmHost = (body: StoreMdmHostRequest) => api.put<StoreMdmHost>('/api/store/mdm-host', body, { silent: true });
