import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceSearchQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { SearchService } from './search.service.ts';

/** The console header's search. Any clerk may search; the service limits it to the modules and phones they may see. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get('/api/search/devices', { config: { auth: 'authenticated' }, schema: { tags: ['search'], querystring: deviceSearchQuery } }, (req) =>
    search.devices(requireAuth(req), req.query),
  );
};
