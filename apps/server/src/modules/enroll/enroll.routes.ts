import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrollBaseinfoQuery, enrollSubmitRequest } from '@lease/shared';
import type { EnrollShortLinks } from './enroll-short-link.ts';
import type { EnrollService } from './enroll.service.ts';

/** The page a hirer sees for a short link that is unknown or past its lifetime: plain Chinese, no console needed. */
const DEAD_SHORT_LINK = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>登记链接无效</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f1f1f"><h1 style="font-size:1.25rem">登记链接无效或已过期</h1><p>请联系门店重新获取登记链接。</p></body></html>`;

/** Public enrolment calls of spec §7 (Enrol), reached through the hirer's encrypted link. */
export const enrollRoutes: FastifyPluginAsyncZod<{ enroll: EnrollService; shortLinks: EnrollShortLinks }> = async (app, { enroll, shortLinks }) => {
  const config = { auth: 'public' } as const;
  // The short link of an SMS (/e/{code}) sends the hirer on to the long enrolment page.
  app.get('/e/:code', { config, schema: { tags: ['enroll'], params: z.object({ code: z.string() }) } }, async (req, reply) => {
    const target = await shortLinks.resolve(req.params.code);
    reply.header('cache-control', 'no-store');
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(DEAD_SHORT_LINK);
    return reply.redirect(target, 302);
  });
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
