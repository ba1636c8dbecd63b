import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clerkDisableRequest, clerkListQuery, clerkNewRequest, clerkResetPasswordRequest, clerkUpdateRequest, distributionLogQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { ClerkService } from './clerk.service.ts';

/** Clerk management calls of spec §7 Store: admin only (spec §6); and the helper clerk-list any clerk reads for pickers. */
export const clerkRoutes: FastifyPluginAsyncZod<{ clerks: ClerkService }> = async (app, { clerks }) => {
  const tags = ['clerk'];
  const config = { auth: 'admin' } as const;
  const base = '/api/store/clerk';

  app.get('/api/helper/clerk-list', { config: { auth: 'authenticated' }, schema: { tags: ['helper'] } }, (req) => clerks.options(requireAuth(req)));
  app.get(`${base}/list`, { config, schema: { tags, querystring: clerkListQuery } }, (req) => clerks.list(requireAuth(req), req.query));
  app.get(`${base}/permission`, { config, schema: { tags } }, (req) => clerks.permissions(requireAuth(req)));
  app.get(`${base}/distribution-log`, { config, schema: { tags, querystring: distributionLogQuery } }, (req) =>
    clerks.distributionLog(requireAuth(req), req.query),
  );
  app.post(`${base}/new`, { config, schema: { tags, body: clerkNewRequest } }, (req) => clerks.create(requireAuth(req), req.body));
  app.put(`${base}/update`, { config, schema: { tags, body: clerkUpdateRequest } }, (req) => clerks.update(requireAuth(req), req.body));
  app.put(`${base}/reset-password`, { config, schema: { tags, body: clerkResetPasswordRequest } }, (req) => clerks.resetPassword(requireAuth(req), req.body));
  app.put(`${base}/disable`, { config, schema: { tags, body: clerkDisableRequest } }, (req) => clerks.setDisabled(requireAuth(req), req.body));
};
