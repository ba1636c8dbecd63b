import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsSettingsRequest } from '@lease/shared';
import { requireOperator } from '../../http/authz.ts';
import type { OpsAudit } from './ops-audit.ts';
import type { PlatformSettings } from './platform-settings.ts';

const tags = ['ops'];

/** Platform switches: public self-registration on or off. */
export const opsSettingsRoutes: FastifyPluginAsyncZod<{ settings: PlatformSettings; audit: OpsAudit }> = async (app, { settings, audit }) => {
  app.get('/api/ops/settings', { config: { auth: 'operator' }, schema: { tags } }, () => settings.get());
  app.put('/api/ops/settings', { config: { auth: 'operator' }, schema: { tags, body: opsSettingsRequest } }, async (req) => {
    const op = requireOperator(req);
    const before = await settings.get();
    await settings.set(req.body);
    const after = await settings.get();
    await audit.write({
      operatorId: op.operatorId,
      operatorName: op.name,
      action: 'settings.update',
      targetType: 'platform',
      targetId: 'settings',
      before: { ...before },
      after: { ...after },
      ip: req.ip,
    });
    return after;
  });
};
