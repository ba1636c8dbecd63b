import type { IosWallpaperState } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

/**
 * currentWallpaperQuery says which library picture the console set on each screen of a phone. It lives under
 * the device's key, so a set-wallpaper command (which refreshes every Apple device query) refreshes it too.
 * Silent: the facts row and the dialog say themselves when it cannot be read.
 */
export const currentWallpaperQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'wallpaper'],
    queryFn: () => api.get<IosWallpaperState>('/api/device/ios/helper/wallpaper', { query: { device_id: deviceId }, silent: true }),
  });
