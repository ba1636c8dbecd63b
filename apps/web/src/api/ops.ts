import type {
  ListResponse,
  OpsAuditItem,
  OpsAuditVerifyResult,
  OpsBalanceRequest,
  OpsBalanceResult,
  OpsLoginRequest,
  OpsMe,
  OpsSettings,
  OpsStoreCreateRequest,
  OpsStoreCreateResult,
  OpsStoreDetail,
  OpsStoreItem,
  OpsStoreUpdateRequest,
  OpsTotpEnrolment,
  TokenPair,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { toast } from '../app/feedback.ts';
import { OPS_LOGIN_PATH, opsTokens } from '../ops/opsSession.ts';
import { createApiClient } from './client.ts';

/**
 * opsApi is the operator console's request client: same rules as the store console's (spec §8), its own
 * session (ops_auth) and refresh call. A dropped session goes to /ops/login.
 */
export const opsApi = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokens: opsTokens,
  toast,
  refreshPath: '/api/ops/auth/refresh',
  onUnauthorized: () => {
    if (!window.location.pathname.startsWith(OPS_LOGIN_PATH)) {
      window.location.assign(`${OPS_LOGIN_PATH}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
  },
});

/** opsKeys roots every operator query; sign-in and sign-out clear them all. */
export const opsKeys = {
  all: ['ops'] as const,
  me: ['ops', 'me'] as const,
  stores: (q: object) => ['ops', 'stores', q] as const,
  store: (id: string) => ['ops', 'store', id] as const,
  audit: (q: object) => ['ops', 'audit', q] as const,
  settings: ['ops', 'settings'] as const,
};

export const opsLogin = (body: OpsLoginRequest) => opsApi.post<TokenPair>('/api/ops/auth/login', body, { auth: false, silent: true });
export const opsLogout = (refresh_token: string) => opsApi.post('/api/ops/auth/logout', { refresh_token }, { auth: false, silent: true });
export const opsMeQuery = queryOptions({ queryKey: opsKeys.me, queryFn: () => opsApi.get<OpsMe>('/api/ops/me') });
export const opsChangePassword = (body: { old_password: string; new_password: string }) => opsApi.put('/api/ops/me/password', body, { silent: true });
export const opsBeginTotp = () => opsApi.post<OpsTotpEnrolment>('/api/ops/me/totp');
export const opsConfirmTotp = (code: string) => opsApi.post('/api/ops/me/totp/confirm', { code }, { silent: true });

export interface OpsStoreQuery {
  page_num: number;
  page_size: number;
  keyword?: string;
  status?: 'all' | 'active' | 'disabled';
}
export const opsStoresQuery = (q: OpsStoreQuery) =>
  queryOptions({ queryKey: opsKeys.stores(q), queryFn: () => opsApi.get<ListResponse<OpsStoreItem>>('/api/ops/stores', { query: { ...q } }) });
export const opsStoreQuery = (id: string) => queryOptions({ queryKey: opsKeys.store(id), queryFn: () => opsApi.get<OpsStoreDetail>(`/api/ops/stores/${id}`) });
export const opsUpdateStore = (id: string, body: OpsStoreUpdateRequest) => opsApi.put<OpsStoreItem>(`/api/ops/stores/${id}`, body, { silent: true });
export const opsAdjustBalance = (id: string, body: OpsBalanceRequest, idempotencyKey: string) =>
  opsApi.post<OpsBalanceResult>(`/api/ops/stores/${id}/balance`, body, { silent: true, headers: { 'Idempotency-Key': idempotencyKey } });
export const opsSetStoreDisabled = (id: string, disabled: boolean) => opsApi.post<OpsStoreItem>(`/api/ops/stores/${id}/${disabled ? 'disable' : 'enable'}`);
export const opsCreateStore = (body: OpsStoreCreateRequest) => opsApi.post<OpsStoreCreateResult>('/api/ops/stores', body, { silent: true });
export const opsAuditQuery = (q: { page_num: number; page_size: number; keyword?: string }) =>
  queryOptions({ queryKey: opsKeys.audit(q), queryFn: () => opsApi.get<ListResponse<OpsAuditItem>>('/api/ops/audit', { query: { ...q } }) });
/** opsAuditVerifyQuery re-walks the audit log's hash chain on the server each time the page opens. */
export const opsAuditVerifyQuery = queryOptions({
  queryKey: ['ops', 'audit-verify'] as const,
  queryFn: () => opsApi.get<OpsAuditVerifyResult>('/api/ops/audit/verify'),
  staleTime: 0,
});
export const opsSettingsQuery = queryOptions({ queryKey: opsKeys.settings, queryFn: () => opsApi.get<OpsSettings>('/api/ops/settings') });
export const opsUpdateSettings = (body: OpsSettings) => opsApi.put<OpsSettings>('/api/ops/settings', body);
