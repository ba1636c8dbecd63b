import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsAuditQuery } from '@lease/shared';
import type { OpsAudit } from './ops-audit.ts';

/** The operator audit log, newest first (read-only: there is no call that changes it), and its hash-chain check. */
export const opsAuditRoutes: FastifyPluginAsyncZod<{ audit: OpsAudit }> = async (app, { audit }) => {
  app.get('/api/ops/audit', { config: { auth: 'operator' }, schema: { tags: ['ops'], querystring: opsAuditQuery } }, (req) => audit.list(req.query));
  app.get('/api/ops/audit/verify', { config: { auth: 'operator' }, schema: { tags: ['ops'] } }, () => audit.verify());
};
