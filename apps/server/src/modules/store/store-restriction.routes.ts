import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Module, appleAppRestriction, appleWhiteListRequest, defaultSystemRestrictionRequest, iosDefaultAppRestrictionQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { StoreRestrictionService } from './store-restriction.service.ts';

/**
 * The store's Apple defaults (spec §7 Store default-restriction, Apple device default-*-restriction) and
 * its global app white list (User apple-app-restriction-white-list). All read the store row, so they live here.
 */
export const storeRestrictionRoutes: FastifyPluginAsyncZod<{ restrictions: StoreRestrictionService }> = async (app, { restrictions }) => {
  const authed = { auth: 'authenticated', module: Module.APPLE } as const;
  const admin = { auth: 'admin', module: Module.APPLE } as const;

  app.get('/api/store/default-restriction', { config: authed, schema: { tags: ['store'] } }, (req) => restrictions.defaults(requireAuth(req)));
  app.put('/api/store/default-system-restriction', { config: admin, schema: { tags: ['store'], body: defaultSystemRestrictionRequest } }, (req) =>
    restrictions.setSystemRestriction(requireAuth(req), req.body.system_restriction),
  );
  app.put('/api/store/default-app-restriction', { config: admin, schema: { tags: ['store'], body: appleAppRestriction } }, (req) =>
    restrictions.setAppRestriction(requireAuth(req), req.body),
  );

  app.get('/api/device/ios/default-system-restriction', { config: authed, schema: { tags: ['ios-device'] } }, (req) =>
    restrictions.iosSystemRestriction(requireAuth(req)),
  );
  app.get('/api/device/ios/default-app-restriction', { config: authed, schema: { tags: ['ios-device'], querystring: iosDefaultAppRestrictionQuery } }, (req) =>
    restrictions.iosAppRestriction(requireAuth(req), req.query.type),
  );

  app.get('/api/user/apple-app-restriction-white-list', { config: authed, schema: { tags: ['user'] } }, (req) => restrictions.whiteList(requireAuth(req)));
  app.put('/api/user/apple-app-restriction-white-list', { config: admin, schema: { tags: ['user'], body: appleWhiteListRequest } }, (req) =>
    restrictions.setWhiteList(requireAuth(req), req.body),
  );
};
