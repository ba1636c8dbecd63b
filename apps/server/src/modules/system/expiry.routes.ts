import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../http/authz.ts';
import type { ExpiryWatch } from './expiry-watch.ts';

/**
 * GET /api/system/expiry-warnings: what ends within 30 days, for the admin home page and the dev page. The CA and
 * the APNs certificate are the whole server's; ABM tokens and unanswered renewals are the caller's store only.
 */
export const expiryRoutes: FastifyPluginAsync<{ watch: ExpiryWatch }> = async (app, { watch }) => {
  app.get('/api/system/expiry-warnings', { config: { auth: 'admin' }, schema: { tags: ['system'] } }, async (req) => {
    const list = await watch.warnings(requireAuth(req).storeId);
    return { list, total: list.length };
  });
};
