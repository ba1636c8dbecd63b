import type {
  ListResponse,
  LoginLogItem,
  LoginLogListQuery,
  OperationLogItem,
  OperationLogListQuery,
  ReportViewLogItem,
  ReportViewLogQuery,
} from '@lease/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

export type OperationLogPlatform = 'ios' | 'android';

/** loginLogQuery: GET /api/store/login-log (Dc1), one page of the store's login attempts. */
export const loginLogQuery = (q: LoginLogListQuery) =>
  queryOptions({
    queryKey: ['logs', 'login', q],
    queryFn: () => api.get<ListResponse<LoginLogItem>>('/api/store/login-log', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** storeOperationLogQuery: a platform's store-wide operation log (no device_id: Db1 on Apple). */
export const storeOperationLogQuery = (platform: OperationLogPlatform, q: OperationLogListQuery) =>
  queryOptions({
    queryKey: ['logs', 'operation', platform, q],
    queryFn: () => api.get<ListResponse<OperationLogItem>>(`/api/device/${platform}/operation-log`, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** reportViewLogQuery: GET /api/store/report-view-log (Db1), who opened a report's full data and when. */
export const reportViewLogQuery = (q: ReportViewLogQuery) =>
  queryOptions({
    queryKey: ['logs', 'report-view', q],
    queryFn: () => api.get<ListResponse<ReportViewLogItem>>('/api/store/report-view-log', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
