import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Module, Perm, deviceIdBody, setAppRestrictionRequest, setSystemRestrictionRequest, temporaryEnterpriseTrustRequest, uuid } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { IosRestrictionService } from './ios-restriction.service.ts';

/** The Apple restriction commands of spec §7 (Ab17 system, Ab10 apps) and the restriction state the console shows. */
export const iosRestrictionRoutes: FastifyPluginAsyncZod<{ restrictions: IosRestrictionService }> = async (app, { restrictions: svc }) => {
  const tags = ['ios-command'];
  const config = (perm: Perm) => ({ auth: { perms: [perm] }, module: Module.APPLE });
  const command = (name: string) => `/api/device/ios/command/${name}`;

  app.post(
    command('set-system-restriction'),
    { config: config(Perm.APPLE_SET_SYSTEM_RESTRICTION), schema: { tags, body: setSystemRestrictionRequest } },
    (req) => svc.setSystemRestriction(requireAuth(req), req.body.device_id, req.body.system_restriction, idempotencyKey(req)),
  );
  app.post(
    command('sync-store-default-system-restriction'),
    { config: config(Perm.APPLE_SET_SYSTEM_RESTRICTION), schema: { tags, body: deviceIdBody } },
    (req) => svc.syncStoreDefault(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );
  app.post(command('set-app-restriction'), { config: config(Perm.APPLE_SET_APP_RESTRICTION), schema: { tags, body: setAppRestrictionRequest } }, (req) => {
    const { device_id, ...rule } = req.body;
    return svc.setAppRestriction(requireAuth(req), device_id, rule, idempotencyKey(req));
  });
  app.post(
    command('temporary-allow-enterprise-app-trust'),
    { config: config(Perm.APPLE_SET_SYSTEM_RESTRICTION), schema: { tags, body: temporaryEnterpriseTrustRequest } },
    (req) => svc.temporaryAllowEnterpriseAppTrust(requireAuth(req), req.body.device_id, req.body.minutes, idempotencyKey(req)),
  );

  app.get(
    '/api/device/ios/helper/restriction-state',
    { config: { auth: 'authenticated', module: Module.APPLE }, schema: { tags: ['ios-device'], querystring: z.object({ device_id: uuid }) } },
    (req) => svc.state(requireAuth(req), req.query.device_id),
  );
};
