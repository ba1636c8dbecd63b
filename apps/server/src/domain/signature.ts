import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** SIGNATURE_WINDOW_SECONDS is how far X-Timestamp may be from the server clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;
export const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;

export interface SignedParts {
  method: string;
  /** Path and query exactly as sent, e.g. /open/v1/devices?page_num=0. */
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  body: string | Buffer;
}

export const sha256Hex = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * canonicalString is what both directions sign: METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nSHA256_HEX(BODY).
 * Open-API calls and webhook deliveries use the same recipe, so one verifier serves a store's both sides.
 */
export const canonicalString = (p: SignedParts) => [p.method.toUpperCase(), p.pathWithQuery, p.timestamp, p.nonce, sha256Hex(p.body)].join('\n');

export const signParts = (secret: string, p: SignedParts) => createHmac('sha256', secret).update(canonicalString(p)).digest('hex');

/** verifySignature compares in constant time; a signature of the wrong length or not hex simply fails. */
export function verifySignature(secret: string, p: SignedParts, signature: string): boolean {
  const expected = Buffer.from(signParts(secret, p), 'hex');
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
