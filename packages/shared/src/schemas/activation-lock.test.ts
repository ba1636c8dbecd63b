import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BYPASS_CODE_PATTERN, activationLockRequest, bypassCodeFromBytes, bytesFromBypassCode, escrowKeyOf, escrowKeyOfCode } from './activation-lock.ts';

/*
 * Apple's article describes the algorithm but its stored copy shows no worked example, so the vectors come from
 * two independent implementations of it: micromdm/nanodep `albc/albc_test.go` (bytes → code → escrow key) and
 * proget-hq/apple-activation-lock `tests/` (bytes → code; escrow key of the 5 bytes "bytes").
 */
const NANODEP = [
  {
    key: '00000000000000000000000000000000',
    code: '00000-00000-0000-0000-0000-0000',
    hash: 'deab860d28deb5b7121d6d8fcf0f78e1471756d1b2c566c03277c23ea8930b4f',
  },
  {
    key: '1ea841db5edfafe6075b5ae0d845d254',
    code: '3UM43-PUYVY-QYD1-UVCC-HEHJ-FKA4',
    hash: '6ab40d5eabe7218ec04182f461005600c7e3426bddd82cdb405bde9a1e0014b5',
  },
  {
    key: 'cb84798c3ca85a674194550a2e96aed8',
    code: 'TF27L-31WN1-E6FH-DMAM-52X5-NFV0',
    hash: '23cf8b7873425fd8efe31dc5b6ab9c357eb98a2a59c82ea1084ca8af58cc480a',
  },
  {
    key: 'bd9e6a463a19ac706d379394bf97747a',
    code: 'QPG6M-JJU36-P70V-9QKF-ACZ5-VMG2',
    hash: '7cdf895759d090eb9d3ed833d0ed7d5d5b00a11a719293f44aa7741ffbe79f6a',
  },
];

describe('Activation Lock bypass code', () => {
  it.each(NANODEP)('encodes $key as $code and hashes it to Apple’s escrow key', async ({ key, code, hash }) => {
    const bytes = Buffer.from(key, 'hex');
    expect(bypassCodeFromBytes(bytes)).toBe(code);
    expect(Buffer.from(bytesFromBypassCode(code)!).toString('hex')).toBe(key);
    expect(await escrowKeyOf(bytes)).toBe(hash);
    expect(await escrowKeyOfCode(code.toLowerCase())).toBe(hash);
  });

  it('matches the second implementation’s code and hash', async () => {
    expect(bypassCodeFromBytes(Buffer.from('requiredsizeis16'))).toBe('F9KQ2-XC9F9-KP8W-V9G9-KPKW-TJ66');
    expect(await escrowKeyOf(Buffer.from('bytes'))).toBe('efda4b2ba02141fcf16e32b621904fcfeaaa881f3d563a781319330824a9405f');
  });

  it('round-trips random codes, whose last character carries 3 bits', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = randomBytes(16);
      const code = bypassCodeFromBytes(bytes);
      expect(code).toMatch(BYPASS_CODE_PATTERN);
      expect(Buffer.from(bytesFromBypassCode(code)!).equals(bytes)).toBe(true);
    }
  });

  it('rejects what is not a code', () => {
    expect(bytesFromBypassCode('3UM43-PUYVY-QYD1-UVCC-HEHJ-FKA8')).toBeNull(); // last character above 7
    expect(bytesFromBypassCode('3UM43-PUYVY-QYD1-UVCC-HEHJ-FKB4')).toBeNull(); // B is not in Apple's alphabet
    expect(bytesFromBypassCode('3UM43PUYVYQYD1')).toBeNull();
    expect(() => bypassCodeFromBytes(new Uint8Array(15))).toThrow();
  });

  it('needs the password with each request; the SMS code is optional', () => {
    const device_id = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
    expect(activationLockRequest.safeParse({ device_id }).success).toBe(false);
    expect(activationLockRequest.safeParse({ device_id, password: 'x' }).success).toBe(true);
    expect(activationLockRequest.safeParse({ device_id, password: 'x', sms_code: '12' }).success).toBe(false);
  });
});
