import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyUpdateRequest, webhookDeliveryQuery, webhookResendRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { WebhookService } from './webhook.service.ts';

/**
 * Console calls of the store's webhook settings, under the open-API settings page's paths (spec §7 Store:
 * api-key/update and api-key/webhook-deliveries*), admin only (spec §6).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  const tags = ['api-key'];
  const config = { auth: 'admin' } as const;
  const base = '/api/store/api-key';

  app.post(`${base}/update`, { config, schema: { tags, body: apiKeyUpdateRequest } }, (req) => webhooks.update(requireAuth(req), req.body));
  app.get(`${base}/webhook-deliveries`, { config, schema: { tags, querystring: webhookDeliveryQuery } }, (req) =>
    webhooks.deliveries(requireAuth(req), req.query),
  );
  app.post(`${base}/webhook-deliveries/resend`, { config, schema: { tags, body: webhookResendRequest } }, (req) =>
    webhooks.resend(requireAuth(req), req.body.id),
  );
};
