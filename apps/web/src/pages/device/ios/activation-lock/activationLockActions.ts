import { ActivationLockStatus, hasPermission, type IosDeviceDetail, Perm, RecycledStatus } from '@lease/shared';
import type { ActionCheck } from '../detail/deviceActions.ts';

type Perms = readonly string[];
export type LockDevice = Pick<IosDeviceDetail, 'recycled_status' | 'activation_lock_status' | 'activation_lock_set'>;

const OK: ActionCheck = { allowed: true, permitted: true };
const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };
const refuse = (reason: string): ActionCheck => ({ allowed: false, permitted: true, reason });

/*
 * Activation Lock is Apple's, not the phone's: it is set through ABM and lifted through Apple's service by serial
 * number, so unlike the MDM commands these need no enrolled phone. Lifting it is exactly what a wiped or returned
 * phone needs. The dialogs ask the server for the finer reasons (no ABM token, no code, service not configured).
 */

export function canTurnOnActivationLock(device: LockDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_TURN_ON_ACTIVATION_LOCK)) return NO_PERMISSION;
  if (device.recycled_status === RecycledStatus.RECYCLED) return refuse('设备在回收站中，请先移出');
  if (device.activation_lock_status === ActivationLockStatus.ON) return refuse('激活锁已开启');
  if (device.activation_lock_status === ActivationLockStatus.TURNING_OFF) return refuse('激活锁正在关闭，请稍后再试');
  return OK;
}

export function canTurnOffActivationLock(device: LockDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_TURN_OFF_ACTIVATION_LOCK)) return NO_PERMISSION;
  if (device.activation_lock_status === ActivationLockStatus.OFF && !device.activation_lock_set) return refuse('激活锁未开启');
  return OK;
}

/** canGetActivationLockPassword: a code exists when the server locked the phone, or the phone (locked with 查找) gave its own. */
export function canGetActivationLockPassword(device: LockDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_GET_ACTIVATION_LOCK_PASSWORD)) return NO_PERMISSION;
  if (!device.activation_lock_set && device.activation_lock_status === ActivationLockStatus.OFF) return refuse('尚未开启激活锁，没有激活锁密码');
  return OK;
}
