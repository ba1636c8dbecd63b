import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Perm, loginLogListQuery, reportViewLogQuery } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { LogsService } from './logs.service.ts';

/**
 * Security pages of spec §2: the store's login log (Dc1) and its report views (the operation-log page's 报告查看
 * tab and the report page's 查看记录). Who saw a hirer's full id number is the store admin's to read (PIPL), so
 * Db1 alone does not open it. Device operation logs are served by each platform's routes.
 */
export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs }) => {
  app.get('/api/store/login-log', { config: { auth: { perms: [Perm.LOGIN_LOG] } }, schema: { tags: ['logs'], querystring: loginLogListQuery } }, (req) =>
    logs.loginLog(requireAuth(req), req.query),
  );
  app.get('/api/store/report-view-log', { config: { auth: 'admin' }, schema: { tags: ['logs'], querystring: reportViewLogQuery } }, (req) =>
    logs.reportViews(requireAuth(req), req.query),
  );
};
