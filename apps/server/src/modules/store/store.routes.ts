import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsVerifySwitchRequest, storeInfoUpdateRequest, storeLostModalContentRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { StoreSettingsService } from './store-settings.service.ts';

/** Store settings of spec §7 (merchant config): info, the SMS-verification switch, the default lock-screen text. */
export const storeRoutes: FastifyPluginAsyncZod<{ settings: StoreSettingsService }> = async (app, { settings }) => {
  const tags = ['store'];
  const authed = { auth: 'authenticated' } as const;
  const admin = { auth: 'admin' } as const;

  app.get('/api/store/info', { config: authed, schema: { tags } }, (req) => settings.info(requireAuth(req)));
  app.put('/api/store/info', { config: admin, schema: { tags, body: storeInfoUpdateRequest } }, (req) => settings.updateInfo(requireAuth(req), req.body));

  app.get('/api/store/sms-verify-switch', { config: authed, schema: { tags } }, (req) => settings.smsVerifySwitch(requireAuth(req)));
  app.put('/api/store/sms-verify-switch', { config: admin, schema: { tags, body: smsVerifySwitchRequest } }, (req) =>
    settings.setSmsVerifySwitch(requireAuth(req), req.body),
  );

  app.get('/api/store/lost-modal-content', { config: authed, schema: { tags } }, (req) => settings.lostModalContent(requireAuth(req)));
  app.put('/api/store/lost-modal-content', { config: admin, schema: { tags, body: storeLostModalContentRequest } }, (req) =>
    settings.setLostModalContent(requireAuth(req), req.body),
  );
};
