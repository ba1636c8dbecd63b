import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Module, Perm, installAppsRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { InstallAppsService } from './install-apps.service.ts';

/** POST /api/device/ios/command/install-apps (Ab10): one InstallApplication per app of the store's library. */
export const iosAppsRoutes: FastifyPluginAsyncZod<{ installApps: InstallAppsService }> = async (app, { installApps }) => {
  app.post(
    '/api/device/ios/command/install-apps',
    { config: { auth: { perms: [Perm.APPLE_SET_APP_RESTRICTION] }, module: Module.APPLE }, schema: { tags: ['ios-apps'], body: installAppsRequest } },
    (req) => installApps.install(requireAuth(req), req.body, idempotencyKey(req)),
  );
};
