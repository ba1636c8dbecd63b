import type {
  ContactNoteRequest,
  CorrectionRequest,
  LeaseBatchRequest,
  LeasePlanCreateRequest,
  LeasePlanDetail,
  LeasePlanItem,
  LeasePlanListQuery,
  LeasePlanStatus,
  LeasePlanUpdateRequest,
  LeasePolicy,
  LeasePolicyRequest,
  LeaseSummary,
  ListResponse,
  OkResponse,
  PaymentImportRequest,
  PaymentImportResult,
  PaymentRequest,
  PromiseRequest,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { androidKeys } from './androidDevice.ts';
import { api, LONG_TIMEOUT_MS } from './index.ts';
import { iosKeys } from './iosDevice.ts';

const BASE = '/api/lease';

export type LeasePlatform = LeasePlanItem['platform'];
export type LeaseListFilters = Omit<LeasePlanListQuery, 'page_num' | 'page_size'>;

/** LeasePreview is what creating a plan would do now: the hirer's standing and whether the phone locks at once. */
export interface LeasePreview {
  status: LeasePlanStatus;
  amount_overdue_fen: number;
  days_overdue: number;
  will_lock: boolean;
  due_dates: string[];
}

export interface LeaseBatchResult {
  done: number;
  failed: { plan_id: string; message: string }[];
}

/** leaseKeys roots every lease query, so a payment or a reminder refreshes the lists, the plan and the home figures at once. */
export const leaseKeys = {
  all: ['lease'] as const,
  list: (q: LeasePlanListQuery) => ['lease', 'list', q] as const,
  plan: (id: string) => ['lease', 'plan', id] as const,
  device: (platform: LeasePlatform, deviceId: string) => ['lease', 'device', platform, deviceId] as const,
  summary: ['lease', 'summary'] as const,
  policy: ['lease', 'policy'] as const,
};

/** deviceKey is the device page's root key: a lock or an unlock of a plan changes what that page shows. */
export const deviceKey = (platform: LeasePlatform, deviceId: string) => (platform === 'ios' ? iosKeys.device(deviceId) : androidKeys.device(deviceId));

export const leasePlanListQuery = (q: LeasePlanListQuery) =>
  queryOptions({
    queryKey: leaseKeys.list(q),
    queryFn: () => api.get<ListResponse<LeasePlanItem>>(`${BASE}/plans`, { query: { ...q } }),
    staleTime: 10_000,
  });

export const leasePlanQuery = (id: string) =>
  queryOptions({
    queryKey: leaseKeys.plan(id),
    queryFn: () => api.get<LeasePlanDetail>(`${BASE}/plans/${id}`),
  });

/** devicePlanQuery is the phone's plan, or null when it has none. */
export const devicePlanQuery = (platform: LeasePlatform, deviceId: string) =>
  queryOptions({
    queryKey: leaseKeys.device(platform, deviceId),
    queryFn: () => api.get<{ plan: LeasePlanDetail | null }>(`${BASE}/device/${platform}/${deviceId}`),
  });

export const leaseSummaryQuery = queryOptions({
  queryKey: leaseKeys.summary,
  queryFn: () => api.get<LeaseSummary>(`${BASE}/summary`),
  staleTime: 30_000,
});

export const leasePolicyQuery = queryOptions({
  queryKey: leaseKeys.policy,
  queryFn: () => api.get<LeasePolicy>(`${BASE}/policy`),
});

/*
 * Changes. The form dialogs' calls are silent: they show a field's error at the field (showFormError) and toast the rest.
 */
const silent = { silent: true } as const;

export const previewPlan = (body: LeasePlanCreateRequest) => api.post<LeasePreview>(`${BASE}/plans/preview`, body, silent);
export const createPlan = (body: LeasePlanCreateRequest) => api.post<LeasePlanDetail>(`${BASE}/plans`, body, silent);
export const updatePlan = (id: string, body: LeasePlanUpdateRequest) => api.put<LeasePlanDetail>(`${BASE}/plans/${id}`, body, silent);
export const cancelPlan = (id: string) => api.post<OkResponse>(`${BASE}/plans/${id}/cancel`);

/** recordPayment sends the dialog's Idempotency-Key, so a double click or a retried request books the payment once. */
export const recordPayment = (id: string, body: PaymentRequest, idempotencyKey: string) =>
  api.post<LeasePlanDetail>(`${BASE}/plans/${id}/payments`, body, { silent: true, headers: { 'Idempotency-Key': idempotencyKey } });
export const recordCorrection = (id: string, body: CorrectionRequest) => api.post<LeasePlanDetail>(`${BASE}/plans/${id}/corrections`, body, silent);
export const recordPromise = (id: string, body: PromiseRequest) => api.post<LeasePlanDetail>(`${BASE}/plans/${id}/promise`, body, silent);
export const recordContact = (id: string, body: ContactNoteRequest) => api.post<LeasePlanDetail>(`${BASE}/plans/${id}/contacts`, body, silent);
export const remindPlan = (id: string) => api.post<LeasePlanDetail>(`${BASE}/plans/${id}/remind`);
export const lockPlan = (id: string) => api.post<LeasePlanDetail>(`${BASE}/plans/${id}/lock`);
export const batchPlans = (body: LeaseBatchRequest) => api.post<LeaseBatchResult>(`${BASE}/batch`, body, { timeoutMs: LONG_TIMEOUT_MS });

/** exportPlans downloads the filtered plans as CSV. */
export const exportPlans = (filters: LeaseListFilters) =>
  api.get<Blob>(`${BASE}/plans/export`, { query: { ...filters }, responseType: 'blob', timeoutMs: LONG_TIMEOUT_MS });

export const importPayments = (body: PaymentImportRequest) =>
  api.post<PaymentImportResult>(`${BASE}/payments/import`, body, { silent: true, timeoutMs: LONG_TIMEOUT_MS });

export const saveLeasePolicy = (body: LeasePolicyRequest) => api.put<LeasePolicy>(`${BASE}/policy`, body, silent);
