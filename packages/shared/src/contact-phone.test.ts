import { describe, expect, it } from 'vitest';
import { iosLockRequest } from './schemas/ios-device.ts';
import { androidLockRequest } from './schemas/android-device.ts';
import { lostModalContent } from './schemas/user.ts';

const DEVICE = '00000000-0000-4000-8000-000000000001';

// Issue 14: the lock screen's contact phone may be the store's 400 line or landline, not only a mobile.
describe('lock contact phone (store default, Apple and Android lock)', () => {
  const parsers = {
    'store default': (p: string) => lostModalContent.safeParse({ phone_number: p }),
    'Apple lock': (p: string) => iosLockRequest.safeParse({ device_id: DEVICE, message: '请还款', phone_number: p }),
    'Android lock': (p: string) => androidLockRequest.safeParse({ message: '请还款', phone_number: p }),
  };
  for (const [name, parse] of Object.entries(parsers)) {
    it(`${name} accepts mobiles, 400/800 numbers and landlines`, () => {
      for (const p of ['', '13800001234', '4008001234', '400-800-1234', '800 820 8820', '0755-12345678', '01012345678', '010 1234567', '0755-12345678-801']) {
        expect(parse(p).success, p).toBe(true);
      }
    });
    it(`${name} refuses what cannot be dialled`, () => {
      for (const p of ['12345', '23800001234', '4001234', '075512', 'abc', '13800001234x']) {
        const r = parse(p);
        expect(r.success, p).toBe(false);
        expect(r.error?.issues[0].message).toBe('联系电话应为手机号、400/800 号码或带区号的固定电话');
      }
    });
  }
});
