import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { deferWork } from '../db/deferred-work.ts';

/**
 * isPhoneTraffic says whether a URL (or route pattern) is the phones' own: Apple MDM under /mdm/ and the Android
 * agent under /agent/v1. Phones call them all day and never render what they get, so these routes are logged at
 * debug and carry no browser headers and no compression hook.
 */
export const isPhoneTraffic = (url: string) => url.startsWith('/mdm/') || url === '/agent/v1' || url.startsWith('/agent/v1/') || url.startsWith('/agent/v1?');

const deferPhoneWork: onRequestHookHandler = (request, _reply, done) => {
  if (isPhoneTraffic(request.url)) deferWork(done);
  else done();
};

/**
 * registerPhoneDeferral marks the phones' requests as work that waits for a database connection behind the clerks'
 * (deferred-work.ts). The mark holds through the body's socket events to the handler (the test sends a body in two
 * packets).
 */
export function registerPhoneDeferral(app: FastifyInstance) {
  app.addHook('onRequest', deferPhoneWork);
}
