import type { FleetHealth, PushCertStatus, PushCsrResult, PushVendorSignBody, PushVendorSignResult } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { opsApi } from './ops.ts';

/** Fleet figures refresh on their own this often (the server shares one computation for 10 s). */
export const FLEET_HEALTH_REFRESH_MS = 60_000;

export const pushCertKeys = { status: ['ops', 'push-cert'] as const, health: ['ops', 'health'] as const };

export const opsPushCertQuery = queryOptions({ queryKey: pushCertKeys.status, queryFn: () => opsApi.get<PushCertStatus>('/api/ops/push-cert') });
export const opsHealthQuery = queryOptions({
  queryKey: pushCertKeys.health,
  queryFn: () => opsApi.get<FleetHealth>('/api/ops/health'),
  refetchInterval: FLEET_HEALTH_REFRESH_MS,
});

export const opsPushCsr = (replace = false) => opsApi.post<PushCsrResult>('/api/ops/push-cert/csr', { replace }, { silent: true });
export const opsPushVendorSign = (body: PushVendorSignBody) => opsApi.post<PushVendorSignResult>('/api/ops/push-cert/vendor-sign', body, { silent: true });
export const opsPushInstall = (certificate_pem: string) => opsApi.post<PushCertStatus>('/api/ops/push-cert/certificate', { certificate_pem }, { silent: true });
