import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Perm, loginLogListQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { LogsService } from './logs.service.ts';

/** Security pages of spec §2: the store's login log (Dc1). Operation logs are served by each platform's routes. */
export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs }) => {
  app.get('/api/store/login-log', { config: { auth: { perms: [Perm.LOGIN_LOG] } }, schema: { tags: ['logs'], querystring: loginLogListQuery } }, (req) =>
    logs.loginLog(requireAuth(req), req.query),
  );
};
