import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abmDeviceListQuery, abmUploadP7mRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { AbmService } from './abm.service.ts';

/** The store admin's ABM calls (spec §7 System: abm-server/*), plus sync-now and the synced device list. */
export const abmRoutes: FastifyPluginAsyncZod<{ abm: AbmService }> = async (app, { abm }) => {
  const tags = ['abm'];
  const admin = { auth: 'admin' as const };
  app.get('/api/system/abm-server/info', { config: admin, schema: { tags } }, (req) => abm.info(requireAuth(req)));
  app.get('/api/system/abm-server/download-public-pem', { config: admin, schema: { tags } }, async (req, reply) => {
    const { pem, fileName } = await abm.publicPem(requireAuth(req));
    return reply.header('content-type', 'application/x-pem-file').header('content-disposition', `attachment; filename="${fileName}"`).send(pem);
  });
  app.post('/api/system/abm-server/upload-p7m', { config: admin, schema: { tags, body: abmUploadP7mRequest } }, (req) =>
    abm.uploadP7m(requireAuth(req), req.body),
  );
  app.post('/api/system/abm-server/sync', { config: admin, schema: { tags } }, (req) => abm.syncNow(requireAuth(req)));
  app.get('/api/system/abm-server/devices', { config: admin, schema: { tags, querystring: abmDeviceListQuery } }, (req) =>
    abm.devices(requireAuth(req), req.query),
  );
};
