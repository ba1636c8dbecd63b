import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  Module,
  Perm,
  iosEraseRequest,
  iosReleaseRequest,
  oneClickPrevalidationRequest,
  oneClickResumeRequest,
  oneClickStatusRequest,
  oneClickUnlockRequest,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { requireAuth } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { IosReleaseService } from './ios-release.service.ts';
import type { OneClickUnlockService } from './one-click-unlock.service.ts';

/**
 * POST /api/device/ios/command/{erase, abm-unbind, remove-main-profile, one-click-unlock…}: releasing an Apple
 * device, each with its permission code of spec §3 (one-click unlock and its prevalidation: Ab22).
 */
export const iosReleaseRoutes: FastifyPluginAsyncZod<{ release: IosReleaseService; oneClick: OneClickUnlockService }> = async (app, { release, oneClick }) => {
  const tags = ['ios-release'];

  function command<B extends z.ZodType>(
    name: string,
    perm: Perm,
    body: B,
    handle: (caller: AuthContext, body: z.output<B>, key?: IdempotencyKey) => Promise<unknown>,
  ) {
    app.post(
      `/api/device/ios/command/${name}`,
      { config: { auth: { perms: [perm] }, module: Module.APPLE }, schema: { tags, body } },
      // The generic body loses its inferred type through the provider; the schema above has checked it.
      (req) => handle(requireAuth(req), req.body as z.output<B>, idempotencyKey(req)),
    );
  }

  command('erase', Perm.APPLE_WIPE, iosEraseRequest, (a, body, key) => release.erase(a, body, key));
  command('abm-unbind', Perm.APPLE_ABM_UNBIND, iosReleaseRequest, (a, body, key) => release.abmUnbind(a, body, key));
  command('remove-main-profile', Perm.APPLE_REMOVE_MAIN_PROFILE, iosReleaseRequest, (a, body, key) => release.removeMainProfile(a, body, key));
  command('one-click-unlock-prevalidation', Perm.APPLE_ONE_CLICK_UNLOCK, oneClickPrevalidationRequest, (a, body) => oneClick.prevalidate(a, body));
  command('one-click-unlock', Perm.APPLE_ONE_CLICK_UNLOCK, oneClickUnlockRequest, (a, body, key) => oneClick.start(a, body, key));
  command('one-click-unlock-status', Perm.APPLE_ONE_CLICK_UNLOCK, oneClickStatusRequest, (a, body) => oneClick.status(a, body.device_id));
  command('one-click-unlock-resume', Perm.APPLE_ONE_CLICK_UNLOCK, oneClickResumeRequest, (a, body) => oneClick.resume(a, body));
};
