import { EnrollmentStatus, LockStatus, OperationStatus, Perm, RegulateStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import {
  canArchive,
  canChangeClerk,
  canDeregulate,
  canDeregulatePasscode,
  canLock,
  canRegulate,
  canUnlock,
  canUnlockPasscode,
  isInTransit,
} from './androidActions.ts';
import { groupDigits } from './commands/PasscodeDialog.tsx';

const phone = { enrollment_status: EnrollmentStatus.ENROLLED, lock_status: LockStatus.UNLOCKED, regulate_status: RegulateStatus.REGULATED, archived: false };
const ALL = ['Admin'];

describe('Android action rules', () => {
  it('hide an operation without its permission code', () => {
    expect(canLock(phone, [])).toMatchObject({ permitted: false, allowed: false });
    expect(canLock(phone, [Perm.ANDROID_LOCK])).toMatchObject({ permitted: true, allowed: true });
    expect(canUnlockPasscode(phone, [Perm.ANDROID_LOCK]).permitted).toBe(false);
    expect(canArchive(phone, [Perm.ANDROID_ARCHIVE]).allowed).toBe(true);
  });

  it('disable operations on an archived or released phone, with the reason', () => {
    expect(canLock({ ...phone, archived: true }, ALL)).toEqual({ allowed: false, permitted: true, reason: '设备已归档，无法操作' });
    expect(canUnlockPasscode({ ...phone, enrollment_status: EnrollmentStatus.RELEASED }, ALL).reason).toBe('设备已脱离管理，无法下发指令');
    expect(canArchive({ ...phone, archived: true }, ALL).reason).toBe('设备已归档');
    expect(canChangeClerk({ ...phone, archived: true }, ALL).allowed).toBe(false);
  });

  it('follow the lock and supervision state', () => {
    expect(canUnlock(phone, ALL).reason).toBe('设备未锁定');
    expect(canUnlock({ ...phone, lock_status: LockStatus.LOCKED }, ALL).allowed).toBe(true);
    expect(canLock({ ...phone, lock_status: LockStatus.LOCKING }, ALL).reason).toBe('锁定指令正在执行，请等待设备响应');
    expect(canRegulate(phone, ALL).reason).toBe('设备已处于监管中');
    expect(canDeregulate(phone, ALL).allowed).toBe(true);
    expect(canDeregulatePasscode({ ...phone, regulate_status: RegulateStatus.UNREGULATED }, ALL).reason).toBe('设备未处于监管中');
    // An offline phone may have locked itself: the unlock code is offered whatever the console believes.
    expect(canUnlockPasscode(phone, ALL).allowed).toBe(true);
  });

  it('know when something is on its way to the phone', () => {
    expect(isInTransit({ ...phone, progress: null })).toBe(false);
    expect(isInTransit({ ...phone, regulate_status: RegulateStatus.DEREGULATING, progress: null })).toBe(true);
    expect(isInTransit({ ...phone, progress: { operation_log_id: 'x', action: 'get-location', status: OperationStatus.SENT, scheduled_at: null } })).toBe(true);
  });
});

describe('groupDigits', () => {
  it('groups codes from the right for reading out', () => {
    expect(groupDigits('0712345678')).toBe('07 1234 5678');
    expect(groupDigits('123456789012')).toBe('1234 5678 9012');
  });
});

describe('androidDeviceName', () => {
  it('says the brand and the marketing name, keeping an unknown code as reported', async () => {
    const { androidDeviceName } = await import('./androidActions.ts');
    expect(androidDeviceName({ brand_label: '华为', model: 'ALN-AL00' })).toBe('华为 Mate 60 Pro');
    expect(androidDeviceName({ brand_label: '三星', model: 'SM-S9210' })).toBe('三星 Galaxy S24');
    expect(androidDeviceName({ brand_label: '荣耀', model: 'XYZ-AN00' })).toBe('荣耀 XYZ-AN00');
    expect(androidDeviceName({ brand_label: '', model: '' })).toBe('Android 设备');
  });
});
