import type { CommandAnswer, IosDeviceUpdatePolicyRequest, IosOsUpdateInfo, IosStoreUpdatePolicy, IosStoreUpdatePolicyRequest } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

/** OS updates of Apple phones beside the device detail: path, deferral, list source, DDM status; and the store's deferral. */

/** Under the device's key, so a command's refresh of the device refreshes this too. */
export const osUpdateInfoQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'os-update-policy'] as const,
    // Silent: the tab works without it (the detail carries the update), so a failure here is no reason for a toast.
    queryFn: () => api.get<IosOsUpdateInfo>('/api/device/ios/helper/os-update-policy', { query: { device_id: deviceId }, silent: true }),
  });

export const setDeviceUpdatePolicy = (body: IosDeviceUpdatePolicyRequest, idempotencyKey: string) =>
  api.post<CommandAnswer>('/api/device/ios/helper/os-update-policy', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const storeUpdatePolicyKey = ['store', 'ios-update-policy'] as const;
export const storeUpdatePolicyQuery = queryOptions({
  queryKey: storeUpdatePolicyKey,
  queryFn: () => api.get<IosStoreUpdatePolicy>('/api/store/ios-update-policy'),
});
export const setStoreUpdatePolicy = (body: IosStoreUpdatePolicyRequest) =>
  api.post<IosStoreUpdatePolicy>('/api/store/ios-update-policy', body, { silent: true });
