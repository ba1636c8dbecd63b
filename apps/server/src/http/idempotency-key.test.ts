import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './idempotency-key.ts';

describe('requestFingerprint', () => {
  const base = { method: 'POST', url: '/api/x', params: {}, query: {}, body: { a: 1, b: [1, { c: 2, d: 3 }] } };
  it('ignores key order and tells different bodies, routes and params apart', () => {
    const fp = requestFingerprint(base);
    expect(requestFingerprint({ ...base, body: { b: [1, { d: 3, c: 2 }], a: 1 } })).toBe(fp);
    expect(requestFingerprint({ ...base, body: { a: 2, b: [1, { c: 2, d: 3 }] } })).not.toBe(fp);
    expect(requestFingerprint({ ...base, url: '/api/y' })).not.toBe(fp);
    expect(requestFingerprint({ ...base, params: { id: '1' } })).not.toBe(fp);
  });
});
