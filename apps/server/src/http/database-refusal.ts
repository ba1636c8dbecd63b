import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ApiErrorBody, errorStatus, UNPROCESSED_HEADER } from '@lease/shared';
import { DB_RETRY_AFTER_S, DB_UNREACHABLE_MESSAGE, type DatabaseWatch, isDatabaseUnreachable } from '../db/availability.ts';

/**
 * registerDatabaseRefusal answers every request with a Chinese 503 and Retry-After, before any handler runs, while
 * this node cannot reach PostgreSQL: a clerk or a phone learns it at once instead of after the pool's timeouts, and
 * the load balancer's health check (/api/health) sees the same 503 and sends the traffic to the other nodes. A
 * request that failed to reach the database makes the watch probe; the watch lets requests in again once it answers.
 *
 * A request let in before the loss can wait on the pool's queue for one timeout and on its own statement for
 * another: past `deadlineMs`, while the watch says the database is gone, it is answered 503 there and then. Not
 * marked unprocessed: its handler may have written something, so only a read or a keyed request is sent again.
 */
export function registerDatabaseRefusal(app: FastifyInstance, watch: DatabaseWatch, deadlineMs?: number) {
  const body: ApiErrorBody = { statusCode: errorStatus.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE', message: DB_UNREACHABLE_MESSAGE };
  const refuse = (reply: FastifyReply) => reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send(body);
  app.addHook('onRequest', (_request, reply, done) => {
    if (watch.reachable) {
      if (deadlineMs) watchDeadline(reply);
      return done();
    }
    refuse(reply.header(UNPROCESSED_HEADER, '1'));
  });
  /** After the deadline, a check a second until the answer has begun (a WebSocket's hijacked reply, a stream too). */
  const watchDeadline = (reply: FastifyReply, afterMs = deadlineMs) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      if (watch.reachable) return watchDeadline(reply, 1_000);
      refuse(reply);
    }, afterMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  };
  // Every route's failure, the phones' protocol routes with their own error handlers included, tells the watch.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (isDatabaseUnreachable(error)) watch.suspect();
    done();
  });
}
