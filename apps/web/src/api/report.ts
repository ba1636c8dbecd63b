import type {
  AbnormalReportItem,
  BlacklistCheckRequest,
  BlacklistCheckResult,
  HxReportConfigStatus,
  HxReportSecretKeyRequest,
  ListResponse,
  OkResponse,
  Paging,
  RcsListQuery,
  RcsRecord,
  RcsRequest,
  RiskAlertItem,
  ReportAddRequest,
  ReportBalance,
  ReportDetail,
  ReportHelper,
  ReportListItem,
  ReportListQuery,
  ReportRefreshRequest,
} from '@lease/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** reportKeys roots every report-area query, so a charge refreshes the balance, the lists and the home panel together. */
export const reportKeys = {
  all: ['report'] as const,
  balance: ['report', 'balance'] as const,
  helper: ['report', 'helper'] as const,
  list: (q: ReportListQuery) => ['report', 'list', q] as const,
  preview: (id: string) => ['report', 'preview', id] as const,
  abnormal: (q: Paging) => ['report', 'abnormal', q] as const,
  rcs: (q: RcsListQuery) => ['report', 'rcs', q] as const,
  hxStatus: ['report', 'hx-report'] as const,
  riskAlerts: ['report', 'risk-alerts'] as const,
};

export const reportBalanceQuery = queryOptions({ queryKey: reportKeys.balance, queryFn: () => api.get<ReportBalance>('/api/report/balance') });
export const reportHelperQuery = queryOptions({ queryKey: reportKeys.helper, queryFn: () => api.get<ReportHelper>('/api/report/helper') });

export const reportListQueryOptions = (q: ReportListQuery) =>
  queryOptions({
    queryKey: reportKeys.list(q),
    queryFn: () => api.get<ListResponse<ReportListItem>>('/api/report/list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** reportPreviewQuery shows the full report; the server writes each view to the operation log. */
export const reportPreviewQuery = (id: string) =>
  queryOptions({ queryKey: reportKeys.preview(id), queryFn: () => api.get<ReportDetail>('/api/report/preview', { query: { id } }) });

export const abnormalListQuery = (q: Paging) =>
  queryOptions({
    queryKey: reportKeys.abnormal(q),
    queryFn: () => api.get<ListResponse<AbnormalReportItem>>('/api/report/abnormal-list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const addReport = (body: ReportAddRequest) => api.post<ReportListItem>('/api/report/add', body, { silent: true });
export const refreshReport = (body: ReportRefreshRequest) => api.post<ReportListItem>('/api/report/refresh', body);
export const checkBlacklist = (body: BlacklistCheckRequest) => api.post<BlacklistCheckResult>('/api/report/blacklist-check', body, { silent: true });

export const rcsListQueryOptions = (q: RcsListQuery) =>
  queryOptions({
    queryKey: reportKeys.rcs(q),
    queryFn: () => api.get<ListResponse<RcsRecord>>('/api/store/rcs/list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const requestRcs = (body: RcsRequest) => api.post<RcsRecord>('/api/store/rcs/request', body, { silent: true });

export const hxReportStatusQuery = queryOptions({
  queryKey: reportKeys.hxStatus,
  queryFn: () => api.get<HxReportConfigStatus>('/api/store/hx-report/config-status'),
});
export const setHxReportSecret = (body: HxReportSecretKeyRequest) => api.post<OkResponse>('/api/store/hx-report/set-secret-key', body, { silent: true });

/** riskAlertsQuery: the early-access watch's latest finds (leased hirers newly on a blacklist). */
export const riskAlertsQuery = queryOptions({
  queryKey: reportKeys.riskAlerts,
  queryFn: () => api.get<ListResponse<RiskAlertItem>>('/api/report/risk-alerts', { query: { page_num: 0, page_size: 5 } }),
});
