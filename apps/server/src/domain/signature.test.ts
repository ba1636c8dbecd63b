import { describe, expect, it } from 'vitest';
import { NONCE_RE, canonicalString, sha256Hex, signParts, verifySignature } from './signature.ts';

// The worked example of docs/open-api.md: if this changes, the docs are wrong.
const example = {
  secret: 'sk_example_secret_do_not_use_0000000000000000',
  parts: {
    method: 'POST',
    pathWithQuery: '/open/v1/devices/ios/5b1c2f4e-8a0d-4c3b-9f6e-2d7a1b0c9e8f/lock',
    timestamp: '1767225600',
    nonce: '3f9a1c7e5b2d4f608a1b3c5d7e9f0a12',
    body: '{"message":"请联系门店还款"}',
  },
  bodyHash: '313003bca12b485304c4cdd205c27bf483caaf817a27aa667beeb120515fa1dd',
  signature: '92e41b594828bb13ddb2cb70dfa44bb573a666a178b5e97e8c261451eea16a24',
};

describe('open-API signature', () => {
  it('matches the documented example byte for byte (UTF-8 body)', () => {
    expect(sha256Hex(example.parts.body)).toBe(example.bodyHash);
    expect(canonicalString(example.parts)).toBe(`POST\n${example.parts.pathWithQuery}\n1767225600\n${example.parts.nonce}\n${example.bodyHash}`);
    expect(signParts(example.secret, example.parts)).toBe(example.signature);
    expect(verifySignature(example.secret, example.parts, example.signature.toUpperCase())).toBe(true);
  });

  it('fails on any change, and on signatures of the wrong shape', () => {
    const { secret, parts, signature } = example;
    expect(verifySignature(secret, { ...parts, method: 'GET' }, signature)).toBe(false);
    expect(verifySignature(secret, { ...parts, pathWithQuery: `${parts.pathWithQuery}?x=1` }, signature)).toBe(false);
    expect(verifySignature(secret, { ...parts, body: parts.body.replace('还款', '付款') }, signature)).toBe(false);
    expect(verifySignature(`${secret}x`, parts, signature)).toBe(false);
    expect(verifySignature(secret, parts, signature.slice(0, 62))).toBe(false);
    expect(verifySignature(secret, parts, '')).toBe(false);
    expect(verifySignature(secret, parts, `${signature}00`)).toBe(false);
  });
});

describe('NONCE_RE', () => {
  it('takes 16 to 64 letters, digits, - or _, and nothing else around them', () => {
    for (const ok of ['a'.repeat(16), 'Z9_-'.repeat(4), 'x'.repeat(64), '3f9a1c7e5b2d4f608a1b3c5d7e9f0a12']) expect(NONCE_RE.test(ok), ok).toBe(true);
    for (const bad of ['a'.repeat(15), 'x'.repeat(65), ' '.repeat(20), `${'a'.repeat(16)} `, `!${'a'.repeat(16)}`, `${'a'.repeat(16)}\n`, 'a', '']) {
      expect(NONCE_RE.test(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
