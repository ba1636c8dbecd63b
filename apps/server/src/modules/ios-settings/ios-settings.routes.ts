import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Module,
  Perm,
  deviceIdBody,
  iosDeviceUpdatePolicyRequest,
  iosOsUpdateInfoQuery,
  iosScheduleOsUpdateRequest,
  iosSetWallpaperRequest,
  iosStoreUpdatePolicyRequest,
  iosWallpaperQuery,
} from '@lease/shared';
import type { AuthRule } from '../../http/authz.ts';
import { requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { IosOsUpdateService } from './ios-os-update.service.ts';
import type { IosWallpaperService } from './ios-wallpaper.service.ts';

/**
 * Wallpaper and OS-update commands of an Apple device (spec §7 command/{name}): set-wallpaper needs Ab3; the
 * OS-update calls are open to any clerk who sees the device (CONTRACTS.md), the store's update policy (deferral) is
 * the admin's to change, like the other store settings. All need the Apple module.
 */
export const iosSettingsRoutes: FastifyPluginAsyncZod<{ wallpaper: IosWallpaperService; osUpdates: IosOsUpdateService }> = async (
  app,
  { wallpaper, osUpdates },
) => {
  const tags = ['ios-settings'];
  const config = (auth: AuthRule) => ({ auth, module: Module.APPLE });
  const command = (name: string) => `/api/device/ios/command/${name}`;

  app.post(command('set-wallpaper'), { config: config({ perms: [Perm.APPLE_SET_WALLPAPER] }), schema: { tags, body: iosSetWallpaperRequest } }, (req) =>
    wallpaper.setWallpaper(requireAuth(req), req.body, idempotencyKey(req)),
  );
  app.get('/api/device/ios/helper/wallpaper', { config: config('authenticated'), schema: { tags, querystring: iosWallpaperQuery } }, (req) =>
    wallpaper.current(requireAuth(req), req.query.device_id),
  );

  app.post(command('get-available-os-updates'), { config: config('authenticated'), schema: { tags, body: deviceIdBody } }, (req) =>
    osUpdates.availableUpdates(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );
  app.post(command('schedule-os-update'), { config: config('authenticated'), schema: { tags, body: iosScheduleOsUpdateRequest } }, (req) =>
    osUpdates.schedule(requireAuth(req), req.body, idempotencyKey(req)),
  );
  app.post(command('get-os-update-status'), { config: config('authenticated'), schema: { tags, body: deviceIdBody } }, (req) =>
    osUpdates.status(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );

  app.get('/api/device/ios/helper/os-update-policy', { config: config('authenticated'), schema: { tags, querystring: iosOsUpdateInfoQuery } }, (req) =>
    osUpdates.info(requireAuth(req), req.query.device_id),
  );
  app.post('/api/device/ios/helper/os-update-policy', { config: config('authenticated'), schema: { tags, body: iosDeviceUpdatePolicyRequest } }, (req) =>
    osUpdates.setDevicePolicy(requireAuth(req), req.body, idempotencyKey(req)),
  );
  app.get('/api/store/ios-update-policy', { config: config('authenticated'), schema: { tags } }, (req) => osUpdates.storePolicy(requireAuth(req)));
  app.post('/api/store/ios-update-policy', { config: config('admin'), schema: { tags, body: iosStoreUpdatePolicyRequest } }, (req) =>
    osUpdates.setStorePolicy(requireAuth(req), req.body.deferral_days),
  );
};
