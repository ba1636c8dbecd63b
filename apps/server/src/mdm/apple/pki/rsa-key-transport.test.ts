import { constants, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateRsaKey, toForgePrivateKey } from './keys.ts';
import { unwrapContentKey } from './rsa-key-transport.ts';

const key = generateRsaKey();
const wrap = (contentKey: Buffer) => publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, contentKey);
/** rawEncrypt applies the bare RSA public operation to a hand-made encoded message (a forged padding). */
const rawEncrypt = (em: Buffer) => publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, em);

describe('unwrapContentKey (native RSA PKCS#1 v1.5 key transport)', () => {
  it('returns the content key a sender wrapped, for every AES and 3DES key length', () => {
    for (const bytes of [16, 24, 32]) {
      const contentKey = Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 37 + 1) & 0xff));
      expect(unwrapContentKey(key, wrap(contentKey), bytes).equals(contentKey)).toBe(true);
    }
  });

  it('agrees with node-forge (the implementation it replaces) on the same ciphertext', () => {
    const contentKey = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const wrapped = wrap(contentKey);
    const byForge = Buffer.from(toForgePrivateKey(key).decrypt(wrapped.toString('binary'), 'RSAES-PKCS1-V1_5'), 'binary');
    expect(unwrapContentKey(key, wrapped, 16).equals(byForge)).toBe(true);
  });

  it('answers a bad padding, a wrong key length or garbage with a random key of the expected length, not an error', () => {
    const good = Buffer.alloc(16, 7);
    const wrongLength = wrap(Buffer.alloc(24, 7));
    const badType = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(256 - 2 - 17, 0xff), Buffer.from([0]), good]);
    const shortPadding = Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(5, 9), Buffer.from([0]), Buffer.alloc(256 - 8, 7)]);
    for (const bad of [wrongLength, rawEncrypt(badType), rawEncrypt(shortPadding), Buffer.alloc(256, 0xff), Buffer.alloc(3)]) {
      const a = unwrapContentKey(key, bad, 16);
      const b = unwrapContentKey(key, bad, 16);
      expect(a.length).toBe(16);
      // Random each time: never the message bytes, never a fixed value a prober could recognise.
      expect(a.equals(b)).toBe(false);
      expect(a.equals(good)).toBe(false);
    }
  });
});
