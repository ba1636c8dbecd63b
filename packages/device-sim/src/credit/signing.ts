import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The credit vendor protocol's signatures (docs/report-provider.md), shared by the server's client and the
 * local stand-in so both sides compute the same string.
 *
 * Request:  X-Signature = hex HMAC-SHA256(secret, METHOD \n PATH \n X-Timestamp \n X-Nonce \n hex SHA-256(body))
 * Callback: X-Signature = hex HMAC-SHA256(secret, X-Timestamp \n body)
 */
export const sha256Hex = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

export const signRequest = (secret: string, method: string, path: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha256', secret)
    .update(`${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${sha256Hex(body)}`)
    .digest('hex');

export const signCallback = (secret: string, timestamp: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}\n`).update(body).digest('hex');

/** Seconds a signed timestamp may differ from the receiver's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** safeEqualHex compares two hex signatures in constant time. */
export function safeEqualHex(a: string, b: string) {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const freshTimestamp = (ts: string, nowMs = Date.now()) => /^\d{10}$/.test(ts) && Math.abs(nowMs / 1000 - Number(ts)) <= SIGNATURE_WINDOW_SECONDS;
