import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, searchSmsProof, sha256Words, smsProofHolds } from './sms-proof.ts';

const hex = (words: Uint32Array) => Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');

describe('sms proof hash', () => {
  it('agrees with node:crypto SHA-256 on every length around the block edges', () => {
    for (let n = 0; n < 200; n++) {
      const text = randomBytes(n).toString('base64url').slice(0, n).padEnd(n, 'x');
      expect(hex(sha256Words(text)), `length ${n}`).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('counts leading zero bits across words and checks the difficulty', () => {
    expect(leadingZeroBits(Uint32Array.of(0, 0x00ffffff))).toBe(40);
    expect(leadingZeroBits(Uint32Array.of(0x80000000))).toBe(0);
    let solution = 0;
    while (!smsProofHolds('c.', String(solution), 8)) solution++;
    expect(createHash('sha256').update(`c.${solution}`).digest()[0]).toBe(0);
    expect(smsProofHolds('c.', String(solution), 0)).toBe(true);
    // A solution outside printable ASCII never counts, whatever it hashes to.
    expect(smsProofHolds('c.', '\u0100', 0)).toBe(false);
  });

  it('finds with searchSmsProof the first solution smsProofHolds accepts, across block edges', () => {
    for (const challenge of ['c.', 'x'.repeat(50), 'y'.repeat(60), 'z'.repeat(120)]) {
      const found = searchSmsProof(challenge, 10, 0, 1 << 16);
      expect(found).toBeDefined();
      expect(smsProofHolds(challenge, found!, 10)).toBe(true);
      for (let s = 0; s < Number(found); s++) expect(smsProofHolds(challenge, String(s), 10)).toBe(false);
    }
    expect(searchSmsProof('c.\u00e9', 0, 0, 10)).toBeUndefined();
  });
});
