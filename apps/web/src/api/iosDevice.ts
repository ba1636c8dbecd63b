import type {
  CommandAnswer,
  EnrollShortLinkResponse,
  IosDeviceDetail,
  IosDeviceListItem,
  IosListQuery,
  ListResponse,
  LostModalContent,
  OkResponse,
  OperationLogItem,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, LONG_TIMEOUT_MS } from './index.ts';

const BASE = '/api/device/ios';

export type IosListKind = 'list' | 'recycled-list';
export type IosListFilters = Omit<IosListQuery, 'page_num' | 'page_size'>;

export interface ClerkOption {
  id: string;
  name: string;
  disabled: boolean;
}
export interface InstalledApp {
  app_name: string;
  bundle_id: string;
  version?: string;
}
export interface LocationLogItem {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  measured_at: string;
  date_created: string;
}
export interface SimLogItem {
  date_created: string;
  sim_1: IosDeviceDetail['sim_1'];
  sim_2: IosDeviceDetail['sim_2'];
}
export interface RegisteredDevice {
  id: string;
  serial_number: string;
  enroll_link: string;
}

/** iosKeys roots every Apple device query, so a command can refresh all of a device's views at once. */
export const iosKeys = {
  all: ['ios-device'] as const,
  list: (kind: IosListKind, q: IosListQuery) => ['ios-device', kind, q] as const,
  device: (id: string) => ['ios-device', 'device', id] as const,
};

export const iosDeviceListQuery = (kind: IosListKind, q: IosListQuery) =>
  queryOptions({
    queryKey: iosKeys.list(kind, q),
    queryFn: () => api.get<ListResponse<IosDeviceListItem>>(`${BASE}/${kind}`, { query: { ...q } }),
    staleTime: 10_000,
  });

/**
 * iosDetailQuery asks with mdm_check=1, which also makes the phone report fresh facts (deduplicated).
 * It is silent: the detail page shows a missing or unreadable device itself.
 */
export const iosDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(id), 'detail'],
    queryFn: () => api.get<IosDeviceDetail>(`${BASE}/${id}`, { query: { mdm_check: 1 }, silent: true }),
    staleTime: 10_000,
  });

/**
 * enrollShortLinkQuery: the SMS-sized `/e/{code}` form of a phone's enrolment link. The server hands the same code
 * back for half its lifetime, so asking again (a POST) makes nothing new; silent, as the long link still works.
 */
export const enrollShortLinkQuery = (id: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(id), 'enroll-short-link'],
    queryFn: () => api.post<EnrollShortLinkResponse>(`${BASE}/enroll-short-link`, { device_id: id }, { silent: true }),
    staleTime: 3_600_000,
  });

export const fetchClerkOptions = () => api.get<ClerkOption[]>(`${BASE}/helper/clerks`);
export const clerkOptionsQuery = queryOptions({
  queryKey: ['ios-device', 'helper', 'clerks'],
  queryFn: fetchClerkOptions,
  staleTime: 5 * 60_000,
});

export const installedAppsQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'apps'],
    queryFn: () => api.get<InstalledApp[]>(`${BASE}/helper/installed-app-list`, { query: { device_id: deviceId } }),
  });

export const operationLogQuery = (deviceId: string, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'operation-log', pageNum, pageSize],
    queryFn: () =>
      api.get<ListResponse<OperationLogItem>>(`${BASE}/operation-log`, {
        query: { device_id: deviceId, page_num: pageNum, page_size: pageSize },
      }),
  });

export const locationLogQuery = (deviceId: string, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'location-log', pageNum, pageSize],
    queryFn: () =>
      api.get<ListResponse<LocationLogItem>>(`${BASE}/location-log`, {
        query: { device_id: deviceId, page_num: pageNum, page_size: pageSize },
      }),
  });

export const simLogQuery = (deviceId: string, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'sim-log', pageNum, pageSize],
    queryFn: () => api.post<ListResponse<SimLogItem>>(`${BASE}/command/get-sim-log`, { device_id: deviceId, page_num: pageNum, page_size: pageSize }),
  });

/** lostModalContentQuery is the clerk's saved lock-screen text, the lock dialog's starting values. */
export const lostModalContentQuery = queryOptions({
  queryKey: ['user', 'lost-modal-content'],
  queryFn: () => api.get<LostModalContent>('/api/user/lost-modal-content'),
  staleTime: 5 * 60_000,
});

export const registerDevices = (body: { serial_numbers: string[]; for_clerk?: string; remark?: string }) =>
  api.post<{ list: RegisteredDevice[]; rejected?: RejectedSerial[] }>(`${BASE}/new`, body);

/** RejectedSerial is a serial a batch left out, and why (already registered, or mistyped before sending). */
export interface RejectedSerial {
  serial_number: string;
  reason: string;
}

export const changeForClerk = (deviceIds: string[], forClerk: string) =>
  api.post<{ count: number }>(`${BASE}/change-for-clerk`, { device_ids: deviceIds, for_clerk: forClerk });

export const updateRemark = (deviceId: string, remark: string) => api.post<OkResponse>(`${BASE}/update-remark`, { device_id: deviceId, remark });

export const updateHirer = (deviceId: string, hirerName: string, hirerPhone: string) =>
  api.post<OkResponse>(`${BASE}/update-hirer`, { device_id: deviceId, hirer_name: hirerName, hirer_phone_number: hirerPhone });

export const cancelScheduledLock = (operationLogId: string) =>
  api.post<OkResponse>(`${BASE}/operation-log/cancel-schedule-enable-lost-mode`, { operation_log_id: operationLogId });

/** exportList downloads the filtered list as xlsx; building the file may take a while, so 30 s+. */
export const exportList = (filters: IosListFilters) => api.post<Blob>(`${BASE}/export-list`, filters, { responseType: 'blob', timeoutMs: LONG_TIMEOUT_MS * 2 });

/** downloadEnrollmentProfile is the store's signed .mobileconfig for Apple Configurator (Aa2). */
export const downloadEnrollmentProfile = () => api.get<Blob>(`${BASE}/enrollment-profile`, { responseType: 'blob', timeoutMs: LONG_TIMEOUT_MS });

export const getHirerPhone = (deviceId: string) => api.post<{ hirer_phone_number: string }>(`${BASE}/command/get-hirer-phone`, { device_id: deviceId });

/** Commands the console sends to an Apple device; each answer is a queued operation or `{ok}`. */
export type IosCommandName =
  | 'lock'
  | 'unlock'
  | 'play-lost-mode-sound'
  | 'get-location'
  | 'reboot'
  | 'clear-passcode'
  | 'get-installed-app-list'
  | 'move-to-recycle-bin'
  | 'restore-from-recycle-bin'
  | 'remove'
  | 'set-global-http-proxy'
  | 'remove-global-http-proxy'
  | 'set-dns-setting'
  | 'clear-dns-setting'
  | 'set-wallpaper'
  | 'get-available-os-updates'
  | 'schedule-os-update'
  | 'get-os-update-status'
  | 'set-system-restriction'
  | 'sync-store-default-system-restriction'
  | 'set-app-restriction'
  | 'temporary-allow-enterprise-app-trust';

/**
 * sendCommand posts one device command with the click's Idempotency-Key, so a double click or a retried
 * request queues the command once (the server answers a repeat with the first operation, `replayed`).
 */
export const sendCommand = (name: IosCommandName, body: { device_id: string } & Record<string, unknown>, idempotencyKey: string) =>
  api.post<CommandAnswer | OkResponse>(`${BASE}/command/${name}`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
