import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Module, Perm, activationLockRequest, uuid } from '@lease/shared';
import { type AuthRule, requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { ActivationLockService } from './activation-lock.service.ts';

/** Activation Lock calls of spec §7 (command/{name}, each with its permission code of §3), and the dialogs' helper. */
export const activationLockRoutes: FastifyPluginAsyncZod<{ activationLock: ActivationLockService }> = async (app, { activationLock: svc }) => {
  const tags = ['ios-command'];
  const config = (auth: AuthRule) => ({ auth, module: Module.APPLE });
  const command = (name: string, perm: Perm) => ({
    url: `/api/device/ios/command/${name}`,
    config: config({ perms: [perm] }),
    schema: { tags, body: activationLockRequest },
  });

  const on = command('turn-on-activation-lock', Perm.APPLE_TURN_ON_ACTIVATION_LOCK);
  app.post(on.url, { config: on.config, schema: on.schema }, (req) => svc.turnOn(requireAuth(req), req.body.device_id, req.body, idempotencyKey(req)));

  const off = command('turn-off-activation-lock', Perm.APPLE_TURN_OFF_ACTIVATION_LOCK);
  app.post(off.url, { config: off.config, schema: off.schema }, (req) => svc.turnOff(requireAuth(req), req.body.device_id, req.body, idempotencyKey(req)));

  const password = command('get-activation-lock-password', Perm.APPLE_GET_ACTIVATION_LOCK_PASSWORD);
  app.post(password.url, { config: password.config, schema: password.schema }, (req) => svc.getPassword(requireAuth(req), req.body.device_id, req.body));

  app.get('/api/device/ios/helper/activation-lock', { config: config('authenticated'), schema: { tags, querystring: z.object({ device_id: uuid }) } }, (req) =>
    svc.state(requireAuth(req), req.query.device_id),
  );
};
