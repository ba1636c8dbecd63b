import type { AbmDeviceItem, AbmDeviceListQuery, AbmServerInfo, AbmSyncResult, ListResponse } from '@lease/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, LONG_TIMEOUT_MS } from './index.ts';

const base = '/api/system/abm-server';

/** abmKeys roots the ABM page's queries, so an upload or a sync refreshes all of them. */
export const abmKeys = {
  all: ['abm'] as const,
  info: ['abm', 'info'] as const,
  devices: (q: AbmDeviceListQuery) => ['abm', 'devices', q] as const,
};

/** Spec §7/§9: abm-server/info waits up to 30 s. */
export const abmInfoQuery = queryOptions({ queryKey: abmKeys.info, queryFn: () => api.get<AbmServerInfo>(`${base}/info`, { timeoutMs: LONG_TIMEOUT_MS }) });

export const abmDevicesQuery = (q: AbmDeviceListQuery) =>
  queryOptions({
    queryKey: abmKeys.devices(q),
    queryFn: () => api.get<ListResponse<AbmDeviceItem>>(`${base}/devices`, { query: q }),
    placeholderData: keepPreviousData,
  });

export const downloadAbmPublicKey = () => api.get<Blob>(`${base}/download-public-pem`, { responseType: 'blob', timeoutMs: LONG_TIMEOUT_MS });

/** uploadAbmToken sends the .p7m as base64; the page shows Apple's or our refusal itself (silent). */
export const uploadAbmToken = (fileName: string, contentBase64: string) =>
  api.post<AbmServerInfo>(`${base}/upload-p7m`, { file_name: fileName, content_base64: contentBase64 }, { timeoutMs: LONG_TIMEOUT_MS, silent: true });

export const syncAbmNow = () => api.post<AbmSyncResult>(`${base}/sync`, undefined, { timeoutMs: LONG_TIMEOUT_MS, silent: true });
