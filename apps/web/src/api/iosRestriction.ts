import type { IosRestrictionState } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

/**
 * restrictionStateQuery is what the phone has of its restrictions against what was asked for. It sits under
 * the device's key, so every device command refreshes it.
 */
export const restrictionStateQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'restriction-state'],
    queryFn: () => api.get<IosRestrictionState>('/api/device/ios/helper/restriction-state', { query: { device_id: deviceId } }),
    staleTime: 5_000,
  });
