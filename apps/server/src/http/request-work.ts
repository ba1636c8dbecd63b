import type { FastifyInstance } from 'fastify';
import { runWork } from '../db/work-order.ts';
import { isPhoneTraffic } from './phone-traffic.ts';

/**
 * registerRequestWork runs each request as one piece of work for the database pool's order (work-order.ts): once it
 * has had a connection it goes before requests not yet begun, and the phones' wait behind the clerks'. The mark holds
 * through the body's socket events to the handler (the test sends a body in two packets).
 */
export function registerRequestWork(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    runWork(done, { deferred: isPhoneTraffic(request.url) });
  });
}
