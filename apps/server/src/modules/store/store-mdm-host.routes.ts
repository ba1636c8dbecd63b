import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeMdmHostRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { StoreMdmHostService } from './store-mdm-host.service.ts';

/** The store's own MDM host, API key and payload prefix (spec §3 Store) and its host's look: store admins only (spec §6). */
export const storeMdmHostRoutes: FastifyPluginAsyncZod<{ mdmHost: StoreMdmHostService }> = async (app, { mdmHost }) => {
  const tags = ['store'];
  const admin = { auth: 'admin' } as const;
  app.get('/api/store/mdm-host', { config: admin, schema: { tags } }, (req) => mdmHost.get(requireAuth(req)));
  app.put('/api/store/mdm-host', { config: admin, schema: { tags, body: storeMdmHostRequest } }, (req) => mdmHost.update(requireAuth(req), req.body));
};
