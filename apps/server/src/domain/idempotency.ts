import { AppError } from '../http/app-error.ts';
import type { IdempotencyKey } from '../http/idempotency-key.ts';

export type { IdempotencyKey };

/** assertSameRequest refuses a key whose first operation was made by a different request. */
export function assertSameRequest(stored: string | null, idempotency: IdempotencyKey): void {
  // Rows written before fingerprints existed, or by jobs, carry none: nothing to compare.
  if (stored && idempotency.fingerprint && stored !== idempotency.fingerprint) {
    throw new AppError('CONFLICT', '该 Idempotency-Key 已用于另一个不同的请求，请为新的操作使用新的 Idempotency-Key');
  }
}

/** derivedKey is the key of one part of a request (one app of an install, the restrictions a wallpaper changes), with the request's fingerprint. */
export const derivedKey = (idempotency: IdempotencyKey | undefined, part: string): IdempotencyKey | undefined =>
  idempotency && { key: `${idempotency.key}:${part}`, fingerprint: idempotency.fingerprint };
