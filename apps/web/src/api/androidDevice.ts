import type {
  AndroidAppEntry,
  AndroidAppRestriction,
  AndroidDeviceDetail,
  AndroidDeviceListItem,
  AndroidListQuery,
  AndroidLocationLogItem,
  AndroidOperationName,
  AndroidPasscodeResponse,
  AndroidSearchOptions,
  AndroidSimulatorView,
  AndroidSystemRestrictionView,
  CommandAnswer,
  ListResponse,
  OkResponse,
  OperationLogItem,
} from '@lease/shared';
import type { AndroidAppDownloadLink, AndroidEnrollTokenRequest, AndroidEnrollTokenResponse } from '@lease/shared/agent-protocol';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

const BASE = '/api/device/android';

/** androidKeys roots every Android device query, so an operation can refresh all views of a phone at once. */
export const androidKeys = {
  all: ['android-device'] as const,
  list: (q: AndroidListQuery) => ['android-device', 'list', q] as const,
  device: (id: string) => ['android-device', 'device', id] as const,
  defaults: ['android-device', 'defaults'] as const,
};

export const androidListQuery = (q: AndroidListQuery) =>
  queryOptions({
    queryKey: androidKeys.list(q),
    queryFn: () => api.get<ListResponse<AndroidDeviceListItem>>(`${BASE}/list`, { query: { ...q } }),
    staleTime: 10_000,
  });

export const androidSearchOptionsQuery = queryOptions({
  queryKey: ['android-device', 'search-options'],
  queryFn: () => api.get<AndroidSearchOptions>(`${BASE}/search-options`),
  staleTime: 60_000,
});

/** androidDetailQuery is silent: the detail page shows a missing or unreadable device itself. */
export const androidDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...androidKeys.device(id), 'detail'],
    queryFn: () => api.get<AndroidDeviceDetail>(`${BASE}/${id}`, { silent: true }),
    staleTime: 10_000,
  });

/**
 * androidSimulatorQuery is a simulated phone's screen as its agent shows it now (the 模拟设备 tab); silent, because a
 * 404 (dev tools off, or an agent this server does not run) is the tab's own message, and refreshed every 3 s.
 */
export const androidSimulatorQuery = (id: string) =>
  queryOptions({
    queryKey: [...androidKeys.device(id), 'simulator'],
    queryFn: () => api.get<AndroidSimulatorView>(`${BASE}/${id}/simulator`, { silent: true }),
    refetchInterval: (q) => (q.state.error ? false : 3000),
    retry: false,
  });

export const androidRestrictionQuery = (id: string) =>
  queryOptions({
    queryKey: [...androidKeys.device(id), 'system-restriction'],
    queryFn: () => api.get<AndroidSystemRestrictionView>(`${BASE}/${id}/system-restriction`),
  });

export const androidAppRestrictionQuery = (id: string) =>
  queryOptions({
    queryKey: [...androidKeys.device(id), 'app-restriction'],
    queryFn: () => api.get<AndroidAppRestriction>(`${BASE}/${id}/app-restriction`),
  });

export const androidInstalledAppsQuery = (id: string) =>
  queryOptions({
    queryKey: [...androidKeys.device(id), 'apps'],
    queryFn: () => api.get<AndroidAppEntry[]>(`${BASE}/${id}/installed-app-list`),
  });

export const androidOperationLogQuery = (deviceId: string, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...androidKeys.device(deviceId), 'operation-log', pageNum, pageSize],
    queryFn: () => api.get<ListResponse<OperationLogItem>>(`${BASE}/operation-log`, { query: { device_id: deviceId, page_num: pageNum, page_size: pageSize } }),
  });

export const androidLocationLogQuery = (deviceId: string, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...androidKeys.device(deviceId), 'location-log', pageNum, pageSize],
    queryFn: () =>
      api.get<ListResponse<AndroidLocationLogItem>>(`${BASE}/location-log`, { query: { device_id: deviceId, page_num: pageNum, page_size: pageSize } }),
  });

export const androidDefaultRestrictionQuery = queryOptions({
  queryKey: [...androidKeys.defaults, 'system'],
  queryFn: () => api.get<{ system_restriction: Record<string, boolean> }>(`${BASE}/default-system-restriction`),
});
export const saveAndroidDefaultRestriction = (restriction: Record<string, boolean>) =>
  api.put<{ system_restriction: Record<string, boolean> }>(`${BASE}/default-system-restriction`, { restriction });

export const androidDefaultAppRestrictionQuery = queryOptions({
  queryKey: [...androidKeys.defaults, 'app'],
  queryFn: () => api.get<AndroidAppRestriction>(`${BASE}/default-app-restriction`),
});
export const saveAndroidDefaultAppRestriction = (rule: AndroidAppRestriction) =>
  api.put<AndroidAppRestriction>(`${BASE}/default-app-restriction`, rule, { silent: true });

export const updateAndroidRemark = (id: string, remark: string) => api.post<OkResponse>(`${BASE}/${id}/update-remark`, { remark });
export const updateAndroidHirer = (id: string, hirerName: string, hirerPhone: string) =>
  api.post<OkResponse>(`${BASE}/${id}/update-hirer-info`, { hirer_name: hirerName, hirer_phone_number: hirerPhone });

/** issueEnrollToken asks the agent gateway for the one-time token of a 登记设备 QR code (Ea1). */
export const issueEnrollToken = (body: AndroidEnrollTokenRequest) => api.post<AndroidEnrollTokenResponse>(`${BASE}/enroll-token`, body);

/** mdmAppDownloadLinkQuery: where phones download the agent, and whether the server has it at all. */
export const mdmAppDownloadLinkQuery = queryOptions({
  queryKey: ['android-device', 'mdm-app-download-link'],
  queryFn: () => api.get<AndroidAppDownloadLink>(`${BASE}/mdm-app-download-link`),
  staleTime: 10 * 60_000,
});

export const getAndroidHirerPhone = (id: string) => api.post<{ hirer_phone_number: string }>(`${BASE}/${id}/operation/get-hirer-phone`, {});

/**
 * sendAndroidOperation posts one operation with the click's Idempotency-Key (passcodes excepted: they are
 * reads, each answering with a fresh code). Queued operations answer a CommandAnswer.
 */
export const sendAndroidOperation = (id: string, name: AndroidOperationName, body: Record<string, unknown> | undefined, idempotencyKey?: string) =>
  api.post<CommandAnswer | OkResponse>(`${BASE}/${id}/operation/${name}`, body ?? {}, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {});

export const getAndroidPasscode = (
  id: string,
  purpose: 'unlock' | 'deregulate',
  body: { challenge: string; grant_days?: number; password: string; sms_code?: string },
) => api.post<AndroidPasscodeResponse>(`${BASE}/${id}/operation/get-${purpose}-passcode`, body, { silent: true });
