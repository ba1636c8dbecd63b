import { ActivationLockStatus, Perm, RecycledStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_MENUS } from '../detail/actionMenus.tsx';
import { activationLockNote } from './ActivationLockFact.tsx';
import { canGetActivationLockPassword, canTurnOffActivationLock, canTurnOnActivationLock, type LockDevice } from './activationLockActions.ts';

const device = (values: Partial<LockDevice> = {}): LockDevice => ({
  recycled_status: RecycledStatus.ACTIVE,
  activation_lock_status: ActivationLockStatus.OFF,
  activation_lock_set: false,
  ...values,
});
const all = [Perm.APPLE_TURN_ON_ACTIVATION_LOCK, Perm.APPLE_TURN_OFF_ACTIVATION_LOCK, Perm.APPLE_GET_ACTIVATION_LOCK_PASSWORD];
const locked = device({ activation_lock_status: ActivationLockStatus.ON, activation_lock_set: true });

describe('activation lock actions', () => {
  it('hides each action from a clerk without its code (Ab11, Ab19, Ab12)', () => {
    expect(canTurnOnActivationLock(device(), [Perm.APPLE_TURN_OFF_ACTIVATION_LOCK]).permitted).toBe(false);
    expect(canTurnOffActivationLock(locked, [Perm.APPLE_TURN_ON_ACTIVATION_LOCK]).permitted).toBe(false);
    expect(canGetActivationLockPassword(locked, [Perm.APPLE_TURN_ON_ACTIVATION_LOCK]).permitted).toBe(false);
    expect(canTurnOnActivationLock(device(), ['Admin']).allowed).toBe(true);
  });

  it('offers turning on an unlocked phone, and off and the password for a locked one', () => {
    expect(canTurnOnActivationLock(device(), all).allowed).toBe(true);
    expect(canTurnOnActivationLock(locked, all)).toMatchObject({ allowed: false, reason: '激活锁已开启' });
    expect(canTurnOnActivationLock(device({ recycled_status: RecycledStatus.RECYCLED }), all).reason).toBe('设备在回收站中，请先移出');
    expect(canTurnOffActivationLock(device(), all)).toMatchObject({ allowed: false, reason: '激活锁未开启' });
    expect(canTurnOffActivationLock(locked, all).allowed).toBe(true);
    expect(canGetActivationLockPassword(device(), all).allowed).toBe(false);
    expect(canGetActivationLockPassword(locked, all).allowed).toBe(true);
    // A lock the phone reports (查找) may still be lifted with the phone's own code: the dialog asks the server.
    expect(canTurnOffActivationLock(device({ activation_lock_status: ActivationLockStatus.ON }), all).allowed).toBe(true);
  });

  it('lists the three in the 安全与释放 menu', () => {
    const release = ACTION_MENUS.find((g) => g.key === 'release')!;
    expect(release.actions.map((a) => a.command)).toEqual(
      expect.arrayContaining(['turn-on-activation-lock', 'get-activation-lock-password', 'turn-off-activation-lock']),
    );
  });

  it('says in the detail whether the store holds the code', () => {
    expect(activationLockNote(device())).toBeNull();
    expect(activationLockNote(locked)).toBe('服务器已保存激活锁密码');
    expect(activationLockNote(device({ activation_lock_status: ActivationLockStatus.ON }))).toContain('查找');
  });
});
