import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appstoreGroupsQuery, appstoreIdParams, appstoreListQuery, appstoreNewRequest, appstoreUpdateRequest, itunesSearchQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { AppstoreService } from './appstore.service.ts';

/**
 * The store's app library (/api/appstore/*) and spec §7's GET /api/helper/itunes-search. Any clerk reads;
 * the service checks the platform's module and, for edits, its set-app-restriction permission.
 */
export const appstoreRoutes: FastifyPluginAsyncZod<{ appstore: AppstoreService }> = async (app, { appstore }) => {
  const tags = ['appstore'];
  const authed = { auth: 'authenticated' } as const;
  app.get('/api/appstore/list', { config: authed, schema: { tags, querystring: appstoreListQuery } }, (req) => appstore.list(requireAuth(req), req.query));
  app.get('/api/appstore/groups', { config: authed, schema: { tags, querystring: appstoreGroupsQuery } }, (req) =>
    appstore.groups(requireAuth(req), req.query.platform),
  );
  app.post('/api/appstore/new', { config: authed, schema: { tags, body: appstoreNewRequest } }, (req) => appstore.add(requireAuth(req), req.body));
  app.put('/api/appstore/:id', { config: authed, schema: { tags, params: appstoreIdParams, body: appstoreUpdateRequest } }, (req) =>
    appstore.update(requireAuth(req), req.params.id, req.body),
  );
  app.delete('/api/appstore/:id', { config: authed, schema: { tags, params: appstoreIdParams } }, async (req) => {
    await appstore.remove(requireAuth(req), req.params.id);
    return { ok: true as const };
  });
  app.get('/api/helper/itunes-search', { config: authed, schema: { tags: ['helper'], querystring: itunesSearchQuery } }, (req) =>
    appstore.searchItunes(requireAuth(req), req.query),
  );
};
