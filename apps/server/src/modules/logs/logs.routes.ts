import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Perm, loginLogListQuery, reportViewLogQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { LogsService } from './logs.service.ts';

/**
 * Security pages of spec §2: the store's login log (Dc1) and its report views (the operation-log page's 报告查看
 * tab, Db1). Device operation logs are served by each platform's routes.
 */
export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs }) => {
  app.get('/api/store/login-log', { config: { auth: { perms: [Perm.LOGIN_LOG] } }, schema: { tags: ['logs'], querystring: loginLogListQuery } }, (req) =>
    logs.loginLog(requireAuth(req), req.query),
  );
  app.get(
    '/api/store/report-view-log',
    { config: { auth: { perms: [Perm.OPERATION_LOG] } }, schema: { tags: ['logs'], querystring: reportViewLogQuery } },
    (req) => logs.reportViews(requireAuth(req), req.query),
  );
};
