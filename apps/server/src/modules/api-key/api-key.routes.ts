import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyEnabledRequest, apiKeyGenerateRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { ApiKeyService } from './api-key.service.ts';

/** Console calls of the store's open-API key (spec §7 Store: api-key/*), admin only (spec §6); the callback settings are in webhook.routes.ts. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeyService }> = async (app, { apiKeys }) => {
  const tags = ['api-key'];
  const config = { auth: 'admin' } as const;
  const base = '/api/store/api-key';

  app.get(`${base}/info`, { config, schema: { tags } }, (req) => apiKeys.info(requireAuth(req), req.ip));
  app.post(`${base}/enabled`, { config, schema: { tags, body: apiKeyEnabledRequest } }, (req) => apiKeys.setEnabled(requireAuth(req), req.body));
  app.post(`${base}/preview`, { config, schema: { tags } }, (req) => apiKeys.preview(requireAuth(req)));
  app.post(`${base}/generate`, { config, schema: { tags, body: apiKeyGenerateRequest } }, async (req, reply) => {
    // The one answer that carries the secret: never cached anywhere on the way.
    reply.header('cache-control', 'no-store');
    return apiKeys.generate(requireAuth(req), req.body);
  });
};
