import {
  EnrollmentStatus,
  enrollmentStatusLabel,
  hasPermission,
  LockStatus,
  OperationStatus,
  Perm,
  RecycledStatus,
  type IosDeviceDetail,
  type IosDeviceListItem,
} from '@lease/shared';

/** The device state the action rules read; list rows and the detail both have it (the store's lock intent: the detail only). */
export type ActionDevice = Pick<IosDeviceListItem, 'enrollment_status' | 'lock_status' | 'recycled_status'> & Partial<Pick<IosDeviceDetail, 'lock_intent'>>;

/**
 * ActionCheck says whether a device action may be offered. Without the permission the control is not
 * shown at all (`permitted: false`); when only the device state forbids it, the control is disabled and
 * `reason` becomes its tooltip.
 */
export interface ActionCheck {
  allowed: boolean;
  permitted: boolean;
  reason?: string;
}

const OK: ActionCheck = { allowed: true, permitted: true };
const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };
const refuse = (reason: string): ActionCheck => ({ allowed: false, permitted: true, reason });

type Perms = readonly string[];

/** commandState: a command needs a phone that is under management and not in the recycle bin. */
function commandState(device: ActionDevice): ActionCheck {
  if (device.recycled_status === RecycledStatus.RECYCLED) return refuse('设备在回收站中，请先移出');
  if (device.enrollment_status !== EnrollmentStatus.ENROLLED) {
    const state = enrollmentStatusLabel[device.enrollment_status] ?? '未接入';
    return refuse(`设备${state}，尚未接入管理，无法下发指令`);
  }
  return OK;
}

/** command combines the permission (if any), the managed state and the action's own state rule. */
function command(device: ActionDevice, perms: Perms, perm: Perm | null, rule?: (d: ActionDevice) => string | null): ActionCheck {
  if (perm && !hasPermission(perms, perm)) return NO_PERMISSION;
  const state = commandState(device);
  if (!state.allowed) return state;
  const reason = rule?.(device);
  return reason ? refuse(reason) : OK;
}

const needsLostMode = (d: ActionDevice) => (d.lock_status === LockStatus.LOCKED ? null : '仅在设备已锁定（丢失模式）时可用');

export const canLock = (device: ActionDevice, perms: Perms) =>
  command(device, perms, Perm.APPLE_ENABLE_LOST_MODE, (d) => {
    if (d.lock_status === LockStatus.LOCKED) return '设备已锁定';
    if (d.lock_status === LockStatus.LOCKING) return '锁定指令正在执行，请等待设备响应';
    return null;
  });

export const canUnlock = (device: ActionDevice, perms: Perms) =>
  command(device, perms, Perm.APPLE_DISABLE_LOST_MODE, (d) => {
    if (d.lock_status === LockStatus.LOCKED || d.lock_status === LockStatus.LOCKING) return null;
    if (d.lock_status === LockStatus.UNLOCKING) return '解锁指令正在执行，请等待设备响应';
    if (d.lock_status === LockStatus.SCHEDULED) return '设备尚未锁定；预约锁定可在“操作记录”中取消';
    // The store's lock holds although the phone left Lost Mode (an erase): unlocking is how the store ends it.
    if (d.lock_intent) return null;
    return '设备未锁定';
  });

export const canPlaySound = (device: ActionDevice, perms: Perms) => command(device, perms, Perm.APPLE_PLAY_LOST_SOUND, needsLostMode);

/** canLocate: any clerk who sees the device may locate it, but Apple only answers in Lost Mode. */
export const canLocate = (device: ActionDevice, perms: Perms) => command(device, perms, null, needsLostMode);

export const canReboot = (device: ActionDevice, perms: Perms) => command(device, perms, Perm.APPLE_REBOOT);

export const canClearPasscode = (device: ActionDevice, perms: Perms) => command(device, perms, Perm.APPLE_CLEAR_PASSCODE);

export const canRefreshApps = (device: ActionDevice, perms: Perms) => command(device, perms, null);

export function canMoveToRecycleBin(device: ActionDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_ARCHIVED)) return NO_PERMISSION;
  return device.recycled_status === RecycledStatus.RECYCLED ? refuse('设备已在回收站中') : OK;
}

export function canRestore(device: ActionDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_ARCHIVED)) return NO_PERMISSION;
  return device.recycled_status === RecycledStatus.RECYCLED ? OK : refuse('设备不在回收站中');
}

/** canRemove: deleting for good is offered only from the recycle bin. */
export function canRemove(device: ActionDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_ARCHIVED)) return NO_PERMISSION;
  return device.recycled_status === RecycledStatus.RECYCLED ? OK : refuse('请先将设备移入回收站，再彻底删除');
}

export const canChangeClerk = (perms: Perms): ActionCheck => (hasPermission(perms, Perm.APPLE_LIST_BATCH_CHANGE_CLERK) ? OK : NO_PERMISSION);

export const canRegister = (perms: Perms): ActionCheck => (hasPermission(perms, Perm.APPLE_LIST_NEW) ? OK : NO_PERMISSION);

/** canCancelSchedule: cancelling a scheduled lock is part of the lock permission (Ab4). */
export const canCancelSchedule = (perms: Perms): ActionCheck => (hasPermission(perms, Perm.APPLE_ENABLE_LOST_MODE) ? OK : NO_PERMISSION);

/** isInTransit: a lock, unlock or other command is on its way to the phone, so views refresh until it answers. */
export const isInTransit = (d: Pick<IosDeviceListItem, 'lock_status' | 'progress'>) =>
  d.lock_status === LockStatus.LOCKING ||
  d.lock_status === LockStatus.UNLOCKING ||
  d.progress?.status === OperationStatus.QUEUED ||
  d.progress?.status === OperationStatus.SENT;
