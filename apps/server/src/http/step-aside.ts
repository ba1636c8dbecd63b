import type { FastifyReply } from 'fastify';
import { type ApiErrorBody, errorStatus, UNPROCESSED_HEADER } from '@lease/shared';

/**
 * stepAside answers a request that no handler has started with a 503 the caller may send again: Retry-After says
 * when, and the unprocessed mark tells the console's client (and a phone) that nothing was done, so even a write
 * without an Idempotency-Key is safe to repeat. `message` is the Chinese reason; `body` replaces the error envelope
 * where a protocol has its own (Apple's MDM routes).
 */
export function stepAside(reply: FastifyReply, retryAfterS: number, message: string, body?: object) {
  const envelope: ApiErrorBody = { statusCode: errorStatus.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE', message };
  return reply
    .code(503)
    .header('retry-after', String(retryAfterS))
    .header(UNPROCESSED_HEADER, '1')
    .send(body ?? envelope);
}

/** A random wait of `min` to `min + spread - 1` seconds, so the callers turned away together do not return together. */
export const spreadS = (min: number, spread: number) => min + Math.floor(Math.random() * spread);
