import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';

/**
 * An Idempotency-Key names one request. The operation it produced keeps a fingerprint of that request
 * (method, route, params, query and validated body); a replay with the same fingerprint gets the first
 * answer, a reuse with anything else is refused instead of silently answering with the wrong operation.
 *
 * The fingerprint travels in AsyncLocalStorage so every service that honours the key (they all go through
 * replayedOperation/runDeviceOperation) sees it without each route and service passing it along.
 */
const current = new AsyncLocalStorage<string>();

/** stableJson writes objects with sorted keys, so a client re-sending the same data in another key order matches. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(req: { method: string; url: string; params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256').update(stableJson([req.method, req.url, req.params ?? null, req.query ?? null, req.body ?? null])).digest('hex');
}

/** registerIdempotencyFingerprint runs every request that carries an Idempotency-Key with its fingerprint in scope. */
export function registerIdempotencyFingerprint(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.headers['idempotency-key'] || request.method === 'GET') return done();
    const fingerprint = requestFingerprint({ method: request.method, url: request.routeOptions.url ?? request.url, params: request.params, query: request.query, body: request.body });
    current.run(fingerprint, done);
  });
}

/** currentFingerprint is the running request's fingerprint (null in jobs and requests without a key). */
export const currentFingerprint = (): string | null => current.getStore() ?? null;

/** assertSameRequest refuses a key whose first operation was made by a different request. */
export function assertSameRequest(stored: string | null): void {
  const mine = currentFingerprint();
  // Rows written before fingerprints existed, or by jobs, carry none: nothing to compare.
  if (stored && mine && stored !== mine) {
    throw new AppError('CONFLICT', '该 Idempotency-Key 已用于另一个不同的请求，请为新的操作使用新的 Idempotency-Key');
  }
}
