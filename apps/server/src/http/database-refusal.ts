import type { FastifyInstance } from 'fastify';
import { stepAside } from './step-aside.ts';
import { DB_RETRY_AFTER_S, DB_UNREACHABLE_MESSAGE, type DatabaseWatch, isDatabaseUnreachable } from '../db/availability.ts';

/**
 * registerDatabaseRefusal answers every request with a Chinese 503 and Retry-After, before any handler runs, while
 * this node cannot reach PostgreSQL: a clerk or a phone learns it at once instead of after the pool's timeouts, and
 * the load balancer's health check (/api/health) sees the same 503 and sends the traffic to the other nodes. A
 * request that failed to reach the database makes the watch probe; the watch lets requests in again once it answers.
 */
export function registerDatabaseRefusal(app: FastifyInstance, watch: DatabaseWatch) {
  app.addHook('onRequest', (_request, reply, done) => {
    if (watch.reachable) return done();
    stepAside(reply, DB_RETRY_AFTER_S, DB_UNREACHABLE_MESSAGE);
  });
  // Every route's failure, the phones' protocol routes with their own error handlers included, tells the watch.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (isDatabaseUnreachable(error)) watch.suspect();
    done();
  });
}
