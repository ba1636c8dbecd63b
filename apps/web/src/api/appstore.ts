import type {
  AppPlatform,
  AppstoreApp,
  AppstoreNewRequest,
  AppstoreUpdateRequest,
  ItunesSearchPlatform,
  ItunesSearchResponse,
  ListResponse,
  OkResponse,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

export interface AppstoreFilters {
  platform: AppPlatform;
  group?: string;
  keyword?: string;
  page_num: number;
  page_size: number;
}

export const appstoreKeys = {
  all: ['appstore'] as const,
  list: (f: AppstoreFilters) => ['appstore', 'list', f] as const,
  groups: (platform: AppPlatform) => ['appstore', 'groups', platform] as const,
};

export const appstoreListQuery = (f: AppstoreFilters) =>
  queryOptions({
    queryKey: appstoreKeys.list(f),
    queryFn: () => api.get<ListResponse<AppstoreApp>>('/api/appstore/list', { query: { ...f } }),
  });

export const appstoreGroupsQuery = (platform: AppPlatform) =>
  queryOptions({
    queryKey: appstoreKeys.groups(platform),
    queryFn: () => api.get<{ list: string[] }>('/api/appstore/groups', { query: { platform } }).then((r) => r.list),
  });

export const addApp = (body: AppstoreNewRequest) => api.post<AppstoreApp>('/api/appstore/new', body);
export const updateApp = (id: string, body: AppstoreUpdateRequest) => api.put<AppstoreApp>(`/api/appstore/${id}`, body);
export const deleteApp = (id: string) => api.del<OkResponse>(`/api/appstore/${id}`);

/**
 * searchItunes asks the server's iTunes adapter. Silent: the dialog shows why search is unavailable
 * (not configured, timed out) next to the manual entry instead of a passing toast.
 */
export const searchItunes = (term: string, platform: ItunesSearchPlatform) =>
  api.get<ItunesSearchResponse>('/api/helper/itunes-search', { query: { term, platform }, silent: true });
