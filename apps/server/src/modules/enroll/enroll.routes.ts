import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enrollBaseinfoQuery, enrollSubmitRequest } from '@lease/shared';
import type { EnrollService } from './enroll.service.ts';

/** Public enrolment calls of spec §7 (Enrol), reached through the hirer's encrypted link. */
export const enrollRoutes: FastifyPluginAsyncZod<{ enroll: EnrollService }> = async (app, { enroll }) => {
  const config = { auth: 'public' } as const;
  app.get('/api/enroll/baseinfo', { config, schema: { tags: ['enroll'], querystring: enrollBaseinfoQuery } }, (req) => enroll.baseinfo(req.query.code));
  app.post('/api/enroll/submit', { config, schema: { tags: ['enroll'], body: enrollSubmitRequest } }, (req) =>
    enroll.submit(req.body.code, req.body.hirer_name, req.body.hirer_phone_number),
  );
  app.get('/api/enroll/profile', { config, schema: { tags: ['enroll'], querystring: enrollBaseinfoQuery } }, async (req, reply) => {
    const profile = await enroll.profile(req.query.code);
    return reply
      .header('content-type', 'application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="enroll.mobileconfig"')
      .send(profile);
  });
};
