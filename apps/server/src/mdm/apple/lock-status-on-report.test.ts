import { describe, expect, it } from 'vitest';
import { LockStatus } from '@lease/shared';
import { lockStatusOnReport } from './device-facts.ts';

describe('lockStatusOnReport: the shown lock state follows the phone, but never drops the store’s lock', () => {
  it('settles a settled state on the phone’s word', () => {
    expect(lockStatusOnReport(LockStatus.UNLOCKED, false, true)).toBe(LockStatus.LOCKED);
    expect(lockStatusOnReport(LockStatus.LOCKED, false, false)).toBe(LockStatus.UNLOCKED);
  });

  it('leaves a lock or unlock on its way alone', () => {
    expect(lockStatusOnReport(LockStatus.LOCKING, false, false)).toBeUndefined();
    expect(lockStatusOnReport(LockStatus.UNLOCKING, false, true)).toBeUndefined();
    expect(lockStatusOnReport(LockStatus.SCHEDULED, false, false)).toBeUndefined();
  });

  it('shows 锁定中, not 未锁定, for a phone out of Lost Mode that the store holds locked', () => {
    expect(lockStatusOnReport(LockStatus.LOCKED, true, false)).toBe(LockStatus.LOCKING);
    expect(lockStatusOnReport(LockStatus.UNLOCKED, true, false)).toBe(LockStatus.LOCKING);
    expect(lockStatusOnReport(LockStatus.LOCKING, true, true)).toBeUndefined();
    expect(lockStatusOnReport(LockStatus.LOCKED, true, true)).toBe(LockStatus.LOCKED);
  });
});
