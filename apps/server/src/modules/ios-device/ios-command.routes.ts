import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Module, Perm, deviceIdBody, iosLockRequest, paging, sensitiveProof } from '@lease/shared';
import type { AuthContext, AuthRule } from '../../http/authz.ts';
import { requireAuth } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { IosCommandService } from './ios-command.service.ts';

const withProof = deviceIdBody.extend(sensitiveProof.shape);

/** POST /api/device/ios/command/{name}: each command with its permission code of spec §3. */
export const iosCommandRoutes: FastifyPluginAsyncZod<{ commands: IosCommandService }> = async (app, { commands: svc }) => {
  const tags = ['ios-command'];
  const route = (name: string, auth: AuthRule) => ({ url: `/api/device/ios/command/${name}`, config: { auth, module: Module.APPLE } });
  const perm = (p: Perm): AuthRule => ({ perms: [p] });

  /** simple registers a command whose body is just the device id. */
  const simple = (name: string, auth: AuthRule, run: (caller: AuthContext, deviceId: string, key?: IdempotencyKey) => Promise<unknown>) => {
    const { url, config } = route(name, auth);
    app.post(url, { config, schema: { tags, body: deviceIdBody } }, (req) => run(requireAuth(req), req.body.device_id, idempotencyKey(req)));
  };

  simple('get-hirer-phone', 'authenticated', (a, id) => svc.getHirerPhone(a, id));
  simple('unlock', perm(Perm.APPLE_DISABLE_LOST_MODE), (a, id, key) => svc.unlock(a, id, key));
  simple('play-lost-mode-sound', perm(Perm.APPLE_PLAY_LOST_SOUND), (a, id, key) => svc.playSound(a, id, key));
  simple('get-location', 'authenticated', (a, id, key) => svc.getLocation(a, id, key));
  simple('reboot', perm(Perm.APPLE_REBOOT), (a, id, key) => svc.reboot(a, id, key));
  simple('get-installed-app-list', 'authenticated', (a, id, key) => svc.installedAppList(a, id, key));
  simple('move-to-recycle-bin', perm(Perm.APPLE_ARCHIVED), (a, id) => svc.moveToRecycleBin(a, id, true));
  simple('restore-from-recycle-bin', perm(Perm.APPLE_ARCHIVED), (a, id) => svc.moveToRecycleBin(a, id, false));
  simple('remove', perm(Perm.APPLE_ARCHIVED), (a, id) => svc.remove(a, id));

  const lock = route('lock', perm(Perm.APPLE_ENABLE_LOST_MODE));
  app.post(lock.url, { config: lock.config, schema: { tags, body: iosLockRequest } }, (req) => svc.lock(requireAuth(req), req.body, idempotencyKey(req)));

  const clear = route('clear-passcode', perm(Perm.APPLE_CLEAR_PASSCODE));
  app.post(clear.url, { config: clear.config, schema: { tags, body: withProof } }, (req) =>
    svc.clearPasscode(requireAuth(req), req.body.device_id, req.body, idempotencyKey(req)),
  );

  const sims = route('get-sim-log', 'authenticated');
  app.post(sims.url, { config: sims.config, schema: { tags, body: deviceIdBody.extend(paging.shape) } }, (req) =>
    svc.simLog(requireAuth(req), req.body.device_id, req.body),
  );
};
