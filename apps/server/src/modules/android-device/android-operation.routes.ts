import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AndroidOperationName,
  Module,
  Perm,
  androidAppRestriction,
  androidChangeClerkRequest,
  androidLockRequest,
  androidPasscodeRequest,
  androidSystemRestrictionRequest,
  androidWallpaperRequest,
  sensitiveProof,
  uuid,
} from '@lease/shared';
import type { AuthContext, AuthRule } from '../../http/authz.ts';
import { requireAuth } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { AndroidOperationService } from './android-operation.service.ts';

const byId = z.object({ id: uuid });

/** POST /api/device/android/{id}/operation/{name}: each operation with its permission code of spec §3. */
export const androidOperationRoutes: FastifyPluginAsyncZod<{ operations: AndroidOperationService }> = async (app, { operations: svc }) => {
  const tags = ['android-operation'];
  const perm = (p: Perm): AuthRule => ({ perms: [p] });

  /** op registers an operation whose request body is checked by `body`. */
  function op<B extends z.ZodType>(
    name: AndroidOperationName,
    auth: AuthRule,
    body: B,
    handle: (caller: AuthContext, id: string, body: z.output<B>, key?: IdempotencyKey) => Promise<unknown>,
  ) {
    app.post(
      `/api/device/android/:id/operation/${name}`,
      { config: { auth, module: Module.ANDROID }, schema: { tags, params: byId, body } },
      // The generic body loses its inferred type through the provider; the schema above has checked it.
      (req) => handle(requireAuth(req), req.params.id, req.body as z.output<B>, idempotencyKey(req)),
    );
  }
  /** plain registers an operation that takes no body beyond the device id in the path. */
  function plain(name: AndroidOperationName, auth: AuthRule, handle: (caller: AuthContext, id: string, key?: IdempotencyKey) => Promise<unknown>) {
    app.post(`/api/device/android/:id/operation/${name}`, { config: { auth, module: Module.ANDROID }, schema: { tags, params: byId } }, (req) =>
      handle(requireAuth(req), req.params.id, idempotencyKey(req)),
    );
  }

  plain('get-hirer-phone', 'authenticated', (a, id) => svc.getHirerPhone(a, id));
  op('lock', perm(Perm.ANDROID_LOCK), androidLockRequest, (a, id, b, key) => svc.lock(a, id, b, key));
  plain('unlock', perm(Perm.ANDROID_UNLOCK), (a, id, key) => svc.unlock(a, id, key));
  plain('regulate', perm(Perm.ANDROID_REGULATE), (a, id, key) => svc.regulate(a, id, key));
  op('deregulate', perm(Perm.ANDROID_DEREGULATE), sensitiveProof, (a, id, b, key) => svc.deregulate(a, id, b, key));
  op('set-wallpaper', perm(Perm.ANDROID_SET_WALLPAPER), androidWallpaperRequest, (a, id, b, key) => svc.setWallpaper(a, id, b, key));
  plain('get-location', perm(Perm.ANDROID_GET_LOCATION), (a, id, key) => svc.getLocation(a, id, key));
  op('set-system-restriction', perm(Perm.ANDROID_SET_SYSTEM_RESTRICTION), androidSystemRestrictionRequest, (a, id, b, key) =>
    svc.setSystemRestriction(a, id, b.restriction, key),
  );
  plain('sync-system-restriction', perm(Perm.ANDROID_SET_SYSTEM_RESTRICTION), (a, id, key) => svc.syncSystemRestriction(a, id, key));
  plain('get-installed-app-list', 'authenticated', (a, id, key) => svc.getInstalledAppList(a, id, key));
  op('set-app-restriction', perm(Perm.ANDROID_SET_APP_RESTRICTION), androidAppRestriction, (a, id, b, key) => svc.setAppRestriction(a, id, b, key));
  op('change-for-clerk', perm(Perm.ANDROID_LIST_BATCH_CHANGE_CLERK), androidChangeClerkRequest, (a, id, b, key) => svc.changeForClerk(a, id, b.for_clerk, key));
  op('get-unlock-passcode', perm(Perm.ANDROID_GET_UNLOCK_PASSCODE), androidPasscodeRequest, (a, id, b) => svc.getUnlockPasscode(a, id, b));
  op('get-deregulate-passcode', perm(Perm.ANDROID_GET_DEREGULATE_PASSCODE), androidPasscodeRequest, (a, id, b) => svc.getDeregulatePasscode(a, id, b));
  plain('archive', perm(Perm.ANDROID_ARCHIVE), (a, id, key) => svc.archive(a, id, key));
};
