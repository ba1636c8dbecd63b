import { EnrollmentStatus, LockStatus, Perm, RecycledStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import {
  canCancelSchedule,
  canChangeClerk,
  canClearPasscode,
  canLocate,
  canLock,
  canMoveToRecycleBin,
  canPlaySound,
  canReboot,
  canRefreshApps,
  canRegister,
  canRemove,
  canRestore,
  canUnlock,
  type ActionDevice,
} from './deviceActions.ts';

const device = (over: Partial<ActionDevice> = {}): ActionDevice => ({
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: LockStatus.UNLOCKED,
  recycled_status: RecycledStatus.ACTIVE,
  ...over,
});
const locked = device({ lock_status: LockStatus.LOCKED });
const notEnrolled = device({ enrollment_status: EnrollmentStatus.REGISTERED });
const recycled = device({ recycled_status: RecycledStatus.RECYCLED });
const ALL = [
  Perm.APPLE_ENABLE_LOST_MODE,
  Perm.APPLE_DISABLE_LOST_MODE,
  Perm.APPLE_PLAY_LOST_SOUND,
  Perm.APPLE_CLEAR_PASSCODE,
  Perm.APPLE_REBOOT,
  Perm.APPLE_ARCHIVED,
];
const ADMIN = [Perm.ADMIN];

describe('lock and unlock', () => {
  it('locks an unlocked, managed phone with Ab4 only', () => {
    expect(canLock(device(), [Perm.APPLE_ENABLE_LOST_MODE])).toEqual({ allowed: true, permitted: true });
    expect(canLock(device(), [Perm.APPLE_DISABLE_LOST_MODE])).toMatchObject({ allowed: false, permitted: false });
  });

  it('refuses to lock a phone that is locked or locking, with the reason', () => {
    expect(canLock(locked, ALL)).toEqual({ allowed: false, permitted: true, reason: '设备已锁定' });
    expect(canLock(device({ lock_status: LockStatus.LOCKING }), ALL)).toMatchObject({ allowed: false, reason: expect.stringContaining('锁定指令正在执行') });
    expect(canLock(device({ lock_status: LockStatus.SCHEDULED }), ALL).allowed).toBe(true);
  });

  it('unlocks a locked or locking phone with Ab5 only', () => {
    expect(canUnlock(locked, [Perm.APPLE_DISABLE_LOST_MODE]).allowed).toBe(true);
    expect(canUnlock(device({ lock_status: LockStatus.LOCKING }), [Perm.APPLE_DISABLE_LOST_MODE]).allowed).toBe(true);
    expect(canUnlock(locked, [Perm.APPLE_ENABLE_LOST_MODE])).toMatchObject({ allowed: false, permitted: false });
  });

  it('does not offer unlock for a phone that is not locked', () => {
    expect(canUnlock(device(), ALL)).toEqual({ allowed: false, permitted: true, reason: '设备未锁定' });
    expect(canUnlock(device({ lock_status: LockStatus.UNLOCKING }), ALL).reason).toContain('解锁指令正在执行');
    expect(canUnlock(device({ lock_status: LockStatus.SCHEDULED }), ALL).reason).toContain('操作记录');
  });

  it('lets the store end its lock on a phone that left Lost Mode (an erase) before the relock', () => {
    const intent = { message: '租金逾期', phone_number: '', footnote: '', since: '2026-01-01T00:00:00Z' };
    expect(canUnlock(device({ lock_intent: intent }), ALL).allowed).toBe(true);
  });
});

describe('commands need a managed phone outside the recycle bin', () => {
  const commands = { canLock, canReboot, canClearPasscode, canRefreshApps };
  for (const [name, check] of Object.entries(commands)) {
    it(`${name} explains a phone that has not enrolled yet`, () => {
      expect(check(notEnrolled, ADMIN)).toEqual({ allowed: false, permitted: true, reason: '设备待激活，尚未接入管理，无法下发指令' });
    });
    it(`${name} explains a phone in the recycle bin`, () => {
      expect(check(recycled, ADMIN)).toEqual({ allowed: false, permitted: true, reason: '设备在回收站中，请先移出' });
    });
  }

  it('checks the permission before the state, so a forbidden control stays hidden', () => {
    expect(canReboot(notEnrolled, [])).toMatchObject({ permitted: false });
    expect(canUnlock(recycled, [Perm.APPLE_ENABLE_LOST_MODE])).toMatchObject({ permitted: false });
  });
});

describe('lost-mode-only commands', () => {
  it('plays the sound only on a locked phone and with Ab8', () => {
    expect(canPlaySound(locked, [Perm.APPLE_PLAY_LOST_SOUND]).allowed).toBe(true);
    expect(canPlaySound(device(), [Perm.APPLE_PLAY_LOST_SOUND])).toMatchObject({ allowed: false, permitted: true, reason: '仅在设备已锁定（丢失模式）时可用' });
    expect(canPlaySound(locked, [Perm.APPLE_ENABLE_LOST_MODE])).toMatchObject({ permitted: false });
  });

  it('locates only a locked phone, for any clerk who sees it', () => {
    expect(canLocate(locked, []).allowed).toBe(true);
    expect(canLocate(device({ lock_status: LockStatus.LOCKING }), []).allowed).toBe(false);
    expect(canLocate({ ...locked, recycled_status: RecycledStatus.RECYCLED }, []).reason).toBe('设备在回收站中，请先移出');
  });
});

describe('other permissions', () => {
  it('reboot needs Ab6, clear passcode Ab9', () => {
    expect(canReboot(device(), [Perm.APPLE_REBOOT]).allowed).toBe(true);
    expect(canReboot(device(), [Perm.APPLE_CLEAR_PASSCODE]).permitted).toBe(false);
    expect(canClearPasscode(device(), [Perm.APPLE_CLEAR_PASSCODE]).allowed).toBe(true);
    expect(canClearPasscode(device(), [Perm.APPLE_REBOOT]).permitted).toBe(false);
  });

  it('recycle bin moves need Ab21 and the right side of the bin', () => {
    expect(canMoveToRecycleBin(device(), [Perm.APPLE_ARCHIVED]).allowed).toBe(true);
    expect(canMoveToRecycleBin(recycled, [Perm.APPLE_ARCHIVED])).toMatchObject({ allowed: false, reason: '设备已在回收站中' });
    expect(canMoveToRecycleBin(device(), [Perm.APPLE_REBOOT]).permitted).toBe(false);
    expect(canRestore(recycled, [Perm.APPLE_ARCHIVED]).allowed).toBe(true);
    expect(canRestore(device(), [Perm.APPLE_ARCHIVED]).allowed).toBe(false);
    expect(canRestore(recycled, []).permitted).toBe(false);
  });

  it('removes for good only from the recycle bin', () => {
    expect(canRemove(recycled, [Perm.APPLE_ARCHIVED]).allowed).toBe(true);
    expect(canRemove(device(), [Perm.APPLE_ARCHIVED])).toMatchObject({ allowed: false, permitted: true });
    expect(canRemove(recycled, []).permitted).toBe(false);
  });

  it('list actions: Aa2 registers, Aa4 changes the clerk, Ab4 cancels a scheduled lock', () => {
    expect(canRegister([Perm.APPLE_LIST_NEW]).allowed).toBe(true);
    expect(canRegister([Perm.APPLE_LIST_BATCH_CHANGE_CLERK]).allowed).toBe(false);
    expect(canChangeClerk([Perm.APPLE_LIST_BATCH_CHANGE_CLERK]).allowed).toBe(true);
    expect(canChangeClerk([Perm.APPLE_LIST_NEW]).allowed).toBe(false);
    expect(canCancelSchedule([Perm.APPLE_ENABLE_LOST_MODE]).allowed).toBe(true);
    expect(canCancelSchedule([Perm.APPLE_DISABLE_LOST_MODE]).allowed).toBe(false);
  });

  it('admin passes every permission, but not the device state', () => {
    expect(canLock(device(), ADMIN).allowed).toBe(true);
    expect(canUnlock(locked, ADMIN).allowed).toBe(true);
    expect(canPlaySound(locked, ADMIN).allowed).toBe(true);
    expect(canRemove(recycled, ADMIN).allowed).toBe(true);
    expect(canChangeClerk(ADMIN).allowed).toBe(true);
    expect(canLock(locked, ADMIN).allowed).toBe(false);
  });
});
