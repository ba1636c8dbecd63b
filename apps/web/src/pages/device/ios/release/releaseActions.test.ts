import { AbmStatus, EnrollmentStatus, LockStatus, Perm, RecycledStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_MENUS } from '../detail/actionMenus.tsx';
import { type ReleaseDevice, canAbmUnbind, canErase, canOneClickUnlock, canRemoveMainProfile } from './releaseActions.ts';

const device = (over: Partial<ReleaseDevice> = {}): ReleaseDevice => ({
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: LockStatus.LOCKED,
  recycled_status: RecycledStatus.ACTIVE,
  abm_status: AbmStatus.ASSIGNED,
  ...over,
});
const ALL = [Perm.APPLE_WIPE, Perm.APPLE_ABM_UNBIND, Perm.APPLE_REMOVE_MAIN_PROFILE, Perm.APPLE_ONE_CLICK_UNLOCK];

describe('release actions', () => {
  it.each([
    ['erase', canErase, Perm.APPLE_WIPE],
    ['abm-unbind', canAbmUnbind, Perm.APPLE_ABM_UNBIND],
    ['remove-main-profile', canRemoveMainProfile, Perm.APPLE_REMOVE_MAIN_PROFILE],
    ['one-click-unlock', canOneClickUnlock, Perm.APPLE_ONE_CLICK_UNLOCK],
  ])('%s is hidden without its own code, offered with it', (_name, rule, perm) => {
    expect(
      rule(
        device(),
        ALL.filter((p) => p !== perm),
      ),
    ).toMatchObject({ allowed: false, permitted: false });
    expect(rule(device(), [perm])).toEqual({ allowed: true, permitted: true });
  });

  it('erase and remove-main-profile need a managed phone outside the recycle bin', () => {
    for (const rule of [canErase, canRemoveMainProfile]) {
      expect(rule(device({ enrollment_status: EnrollmentStatus.CHECKED_OUT }), ALL)).toMatchObject({
        allowed: false,
        permitted: true,
        reason: expect.stringContaining('尚未接入管理'),
      });
      expect(rule(device({ recycled_status: RecycledStatus.RECYCLED }), ALL)).toMatchObject({ allowed: false, reason: '设备在回收站中，请先移出' });
    }
  });

  it('abm-unbind needs a phone in ABM, managed or not', () => {
    expect(canAbmUnbind(device({ enrollment_status: EnrollmentStatus.CHECKED_OUT, abm_status: AbmStatus.PUSHED }), ALL).allowed).toBe(true);
    expect(canAbmUnbind(device({ abm_status: AbmStatus.NONE }), ALL)).toMatchObject({ allowed: false, reason: '设备未绑定 ABM' });
    expect(canAbmUnbind(device({ abm_status: AbmStatus.REMOVED }), ALL)).toMatchObject({ allowed: false, reason: '设备已解除 ABM 绑定' });
  });

  it('one-click unlock leaves the details to its prevalidation, but not for a recycled phone', () => {
    expect(canOneClickUnlock(device({ enrollment_status: EnrollmentStatus.CHECKED_OUT }), ALL).allowed).toBe(true);
    expect(canOneClickUnlock(device({ recycled_status: RecycledStatus.RECYCLED }), ALL)).toMatchObject({ allowed: false, reason: '设备在回收站中，请先移出' });
  });

  it('sits in the header menu 安全与释放', () => {
    const release = ACTION_MENUS.find((g) => g.key === 'release')!;
    expect(release.actions.map((a) => a.command)).toEqual(expect.arrayContaining(['one-click-unlock', 'abm-unbind', 'remove-main-profile', 'erase']));
  });
});
