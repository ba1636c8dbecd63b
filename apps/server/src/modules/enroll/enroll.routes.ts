import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrollBaseinfoQuery, enrollSubmitRequest } from '@lease/shared';
import { createFailureCounter } from '../../mdm/android/agent-failures.ts';
import type { EnrollShortLinks } from './enroll-short-link.ts';
import type { EnrollService } from './enroll.service.ts';

/** shortLinkPage is what a hirer's browser shows for a short link that leads nowhere: plain Chinese, no console needed. */
const shortLinkPage = (title: string, text: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f1f1f"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p></body></html>`;
const DEAD_SHORT_LINK = shortLinkPage('登记链接无效或已过期', '请联系门店重新获取登记链接。');
const TOO_MANY_SHORT_LINKS = shortLinkPage('尝试次数过多', '请稍后再打开门店发来的登记链接。');

/** Public enrolment calls of spec §7 (Enrol), reached through the hirer's encrypted link. */
export const enrollRoutes: FastifyPluginAsyncZod<{ enroll: EnrollService; shortLinks: EnrollShortLinks }> = async (app, { enroll, shortLinks }) => {
  const config = { auth: 'public' } as const;
  // A short code has ~40 bits where the long link is sealed: an address that misses 20 codes in 10 minutes (a hirer
  // retyping one misses a few) waits out the window, so guessing a live code takes lifetimes.
  const misses = createFailureCounter({ max: 20, windowMs: 10 * 60_000 });
  // The short link of an SMS (/e/{code}) sends the hirer on to the long enrolment page.
  app.get('/e/:code', { config, schema: { tags: ['enroll'], params: z.object({ code: z.string() }) } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const wait = misses.retryAfter(req.ip);
    if (wait > 0) return reply.code(429).header('retry-after', String(wait)).type('text/html; charset=utf-8').send(TOO_MANY_SHORT_LINKS);
    const target = await shortLinks.resolve(req.params.code);
    if (!target) {
      misses.fail(req.ip);
      return reply.code(404).type('text/html; charset=utf-8').send(DEAD_SHORT_LINK);
    }
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
