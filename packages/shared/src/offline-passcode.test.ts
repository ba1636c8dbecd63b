import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computePasscode, purposeKey, verifyPasscode } from './offline-passcode.ts';

const key = Buffer.alloc(32, 7);
const deviceId = '6f1c9c7e-0c1e-4f57-9d5e-2b9a3c1d0e11';

describe('offline passcodes', () => {
  it('is RFC 4226 dynamic truncation of HMAC-SHA256 over the bound message, with the grant in front', () => {
    const code = computePasscode(key, { purpose: 'unlock', deviceId, lockEpoch: 4, challenge: '12345678', grantDays: 7 });
    const mac = createHmac('sha256', purposeKey(key, 'unlock')).update(`unlock|${deviceId}|4|12345678|07`).digest();
    const offset = mac[mac.length - 1] & 0x0f;
    const expected = ((mac.readUInt32BE(offset) & 0x7fffffff) % 100_000_000).toString().padStart(8, '0');
    expect(code).toBe(`07${expected}`);
  });

  it('binds the code to the device, epoch, challenge and purpose', () => {
    const base = { purpose: 'unlock' as const, deviceId, lockEpoch: 1, challenge: '00000001' };
    const code = computePasscode(key, base);
    expect(computePasscode(key, { ...base, deviceId: deviceId.replace('6f', '7f') })).not.toBe(code);
    expect(computePasscode(key, { ...base, lockEpoch: 2 })).not.toBe(code);
    expect(computePasscode(key, { ...base, challenge: '00000002' })).not.toBe(code);
    expect(computePasscode(Buffer.alloc(32, 8), base)).not.toBe(code);
    const dereg = computePasscode(key, { ...base, purpose: 'deregulate' });
    expect(dereg).toMatch(/^\d{12}$/);
    expect(verifyPasscode(key, deviceId, 1, '00000001', dereg)).toEqual({ purpose: 'deregulate', lockEpoch: 1, grantDays: 0 });
  });

  it('accepts the current epoch and three before it, nothing else', () => {
    const at = (lockEpoch: number) => computePasscode(key, { purpose: 'unlock', deviceId, lockEpoch, challenge: '87654321' });
    expect(verifyPasscode(key, deviceId, 5, '87654321', at(5))?.lockEpoch).toBe(5);
    expect(verifyPasscode(key, deviceId, 5, '87654321', at(2))?.lockEpoch).toBe(2);
    expect(verifyPasscode(key, deviceId, 5, '87654321', at(1))).toBeNull();
    expect(verifyPasscode(key, deviceId, 5, '87654321', at(6))).toBeNull();
    expect(verifyPasscode(key, deviceId, 5, '87654321', `31${at(5).slice(2)}`)).toBeNull();
  });

  it('refuses input outside the scheme', () => {
    expect(() => computePasscode(key, { purpose: 'unlock', deviceId, lockEpoch: 0, challenge: '1234' })).toThrow(RangeError);
    expect(() => computePasscode(key, { purpose: 'unlock', deviceId, lockEpoch: 0, challenge: '12345678', grantDays: 31 })).toThrow(RangeError);
  });
});
