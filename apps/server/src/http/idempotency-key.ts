import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * IdempotencyKey is a client's Idempotency-Key with the fingerprint of the request that carried it (method,
 * route, params, query and validated body; idempotencyKey below makes it). The operation a key produced keeps
 * that fingerprint: a replay with the same one gets the first answer, a reuse with anything else is refused
 * instead of silently answering with the wrong operation. Keys the server derives without a request of their
 * own (one-click unlock's steps) carry no fingerprint, and nothing is compared for them.
 */
export interface IdempotencyKey {
  key: string;
  fingerprint: string | null;
}

/** stableJson writes objects with sorted keys, so a client re-sending the same data in another key order matches. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** requestFingerprint names one request by its method, route pattern, params, query and validated body; stored on the operation it produced. */
export function requestFingerprint(req: { method: string; url: string; params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(stableJson([req.method, req.url, req.params ?? null, req.query ?? null, req.body ?? null]))
    .digest('hex');
}

/**
 * idempotencyKey reads the Idempotency-Key header of a device command (Apple, Android and the open API) with the
 * request's fingerprint, for the service to pass down to its operation; undefined without a usable key.
 */
export function idempotencyKey(req: FastifyRequest): IdempotencyKey | undefined {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > 100) return undefined;
  return { key, fingerprint: fingerprintOf(req) };
}

/** fingerprintOf is requestFingerprint of a validated Fastify request (also for keys sent in the body, as reports do). */
export const fingerprintOf = (req: FastifyRequest): string =>
  requestFingerprint({ method: req.method, url: req.routeOptions.url ?? req.url, params: req.params, query: req.query, body: req.body });
