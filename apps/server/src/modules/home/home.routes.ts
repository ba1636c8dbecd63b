import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/authz.ts';
import type { HomeService } from './home.service.ts';

/** Console home (spec §7 Home). Any clerk may open it; the service scopes every figure to what they may see. */
export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  const options = { config: { auth: 'authenticated' as const }, schema: { tags: ['home'] } };
  app.get('/api/home/device-overview', options, (req) => home.deviceOverview(requireAuth(req)));
  app.get('/api/home/supervise-overview', options, (req) => home.superviseOverview(requireAuth(req)));
  app.get('/api/home/report-overview', options, (req) => home.reportOverview(requireAuth(req)));
  app.get('/api/home/clerks', options, (req) => home.clerks(requireAuth(req)));
};
