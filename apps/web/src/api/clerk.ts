import type {
  ClerkDisableRequest,
  ClerkListItem,
  ClerkListQuery,
  ClerkNewRequest,
  ClerkOption,
  ClerkPermissionInfo,
  ClerkResetPasswordRequest,
  ClerkUpdateRequest,
  DistributionLogItem,
  DistributionLogQuery,
  ListResponse,
  OkResponse,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

const BASE = '/api/store/clerk';

/** clerkKeys roots every clerk query, so a change refreshes the list, the filters and the log at once. */
export const clerkKeys = {
  all: ['store-clerk'] as const,
};

/** storeClerkOptionsQuery is GET /api/helper/clerk-list: the store's clerks for a picker, readable by any clerk. */
export const storeClerkOptionsQuery = queryOptions({
  queryKey: [...clerkKeys.all, 'options'],
  queryFn: () => api.get<ClerkOption[]>('/api/helper/clerk-list'),
  staleTime: 60_000,
});

export const clerkPageQuery = (q: ClerkListQuery) =>
  queryOptions({
    queryKey: [...clerkKeys.all, 'list', q],
    queryFn: () => api.get<ListResponse<ClerkListItem>>(`${BASE}/list`, { query: { ...q } }),
  });

export const clerkPermissionQuery = queryOptions({
  queryKey: [...clerkKeys.all, 'permission'],
  queryFn: () => api.get<ClerkPermissionInfo>(`${BASE}/permission`),
  staleTime: 5 * 60_000,
});

export const distributionLogPageQuery = (q: DistributionLogQuery) =>
  queryOptions({
    queryKey: [...clerkKeys.all, 'distribution-log', q],
    queryFn: () => api.get<ListResponse<DistributionLogItem>>(`${BASE}/distribution-log`, { query: { ...q } }),
  });

// Form submits are silent: the dialogs put field errors next to the fields (showFormError).
export const createClerk = (body: ClerkNewRequest) => api.post<ClerkListItem>(`${BASE}/new`, body, { silent: true });
export const updateClerk = (body: ClerkUpdateRequest) => api.put<OkResponse>(`${BASE}/update`, body, { silent: true });
export const resetClerkPassword = (body: ClerkResetPasswordRequest) => api.put<OkResponse>(`${BASE}/reset-password`, body, { silent: true });
export const setClerkDisabled = (body: ClerkDisableRequest) => api.put<OkResponse>(`${BASE}/disable`, body);
