import {
  type GlobalHttpProxySetting,
  INSTALL_APP_TIMEOUT_MS,
  type InstallAppsRequest,
  type InstallAppsResponse,
  type OperationLogItem,
  OperationStatus,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

const PROXY_URL = '/api/store/global-http-proxy';

/** globalHttpProxyQuery is the store's PAC URL (module apple-global-http-proxy), which the proxy dialog installs. */
export const globalHttpProxyQuery = queryOptions({
  queryKey: ['store', 'global-http-proxy'] as const,
  queryFn: () => api.get<GlobalHttpProxySetting>(PROXY_URL),
});

/** updateGlobalHttpProxy is silent: the config tab shows a refused URL at its field. */
export const updateGlobalHttpProxy = (pacUrl: string | null) => api.put<GlobalHttpProxySetting>(PROXY_URL, { pac_url: pacUrl }, { silent: true });

/** installAppsTimeoutMs: spec §9 gives installing apps 10 s per app instead of the usual 10 s per call. */
export const installAppsTimeoutMs = (appCount: number) => INSTALL_APP_TIMEOUT_MS * Math.max(1, appCount);

export const installApps = (body: InstallAppsRequest, idempotencyKey: string) =>
  api.post<InstallAppsResponse>('/api/device/ios/command/install-apps', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: installAppsTimeoutMs(body.apps.length),
  });

const finished = (status: number) => status === OperationStatus.DONE || status === OperationStatus.FAILED || status === OperationStatus.CANCELLED;

/** operationQuery follows one operation live until the phone has answered it (every 2 s while it is on its way). */
export const operationQuery = (id: string) =>
  queryOptions({
    queryKey: [...iosKeys.all, 'operation', id] as const,
    queryFn: () => api.get<OperationLogItem>(`/api/device/ios/operation-log/${id}`, { silent: true }),
    refetchInterval: (q) => (q.state.data && finished(q.state.data.status) ? false : 2_000),
  });
