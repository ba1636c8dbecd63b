import {
  type AndroidDeviceListItem,
  EnrollmentStatus,
  LockStatus,
  OperationStatus,
  Perm,
  RegulateStatus,
  hasPermission,
  androidModelName,
} from '@lease/shared';
import type { ActionCheck } from '../ios/detail/deviceActions.ts';

export type { ActionCheck };

/** The device state the Android action rules read; list rows and the detail both have it. */
export type AndroidActionDevice = Pick<AndroidDeviceListItem, 'enrollment_status' | 'lock_status' | 'regulate_status' | 'archived'>;
type Perms = readonly string[];

const OK: ActionCheck = { allowed: true, permitted: true };
const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };
const refuse = (reason: string): ActionCheck => ({ allowed: false, permitted: true, reason });

/** managedState: operations need a phone that is still managed and not archived. */
function managedState(d: AndroidActionDevice): ActionCheck {
  if (d.archived) return refuse('设备已归档，无法操作');
  if (d.enrollment_status !== EnrollmentStatus.ENROLLED) return refuse('设备已脱离管理，无法下发指令');
  return OK;
}

/**
 * operation combines the permission (absent: the button is hidden), the managed state and the
 * operation's own state rule (the reason becomes the disabled button's tooltip).
 */
function operation(d: AndroidActionDevice, perms: Perms, perm: Perm | null, rule?: (d: AndroidActionDevice) => string | null): ActionCheck {
  if (perm && !hasPermission(perms, perm)) return NO_PERMISSION;
  const state = managedState(d);
  if (!state.allowed) return state;
  const reason = rule?.(d);
  return reason ? refuse(reason) : OK;
}

export const isLockedState = (s: number) => s === LockStatus.LOCKED || s === LockStatus.LOCKING;
export const isRegulatedState = (s: number) => s === RegulateStatus.REGULATED || s === RegulateStatus.REGULATING;

export const canLock = (d: AndroidActionDevice, perms: Perms) =>
  operation(d, perms, Perm.ANDROID_LOCK, (x) => (x.lock_status === LockStatus.LOCKING ? '锁定指令正在执行，请等待设备响应' : null));

export const canUnlock = (d: AndroidActionDevice, perms: Perms) =>
  operation(d, perms, Perm.ANDROID_UNLOCK, (x) => {
    if (isLockedState(x.lock_status)) return null;
    return x.lock_status === LockStatus.UNLOCKING ? '解锁指令正在执行，请等待设备响应' : '设备未锁定';
  });

export const canRegulate = (d: AndroidActionDevice, perms: Perms) =>
  operation(d, perms, Perm.ANDROID_REGULATE, (x) => (isRegulatedState(x.regulate_status) ? '设备已处于监管中' : null));

export const canDeregulate = (d: AndroidActionDevice, perms: Perms) =>
  operation(d, perms, Perm.ANDROID_DEREGULATE, (x) => (isRegulatedState(x.regulate_status) ? null : '设备未处于监管中'));

export const canSetWallpaper = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, Perm.ANDROID_SET_WALLPAPER);
export const canLocate = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, Perm.ANDROID_GET_LOCATION);
export const canSetRestriction = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, Perm.ANDROID_SET_SYSTEM_RESTRICTION);
export const canSetAppRestriction = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, Perm.ANDROID_SET_APP_RESTRICTION);
/** canRefreshApps: any clerk who sees the phone may ask it for its app list. */
export const canRefreshApps = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, null);

/** Offline codes serve a phone that cannot be reached, so they are offered whatever the console thinks its lock state is. */
export const canUnlockPasscode = (d: AndroidActionDevice, perms: Perms) => operation(d, perms, Perm.ANDROID_GET_UNLOCK_PASSCODE);
export const canDeregulatePasscode = (d: AndroidActionDevice, perms: Perms) =>
  operation(d, perms, Perm.ANDROID_GET_DEREGULATE_PASSCODE, (x) => (x.regulate_status === RegulateStatus.UNREGULATED ? '设备未处于监管中' : null));

export function canChangeClerk(d: AndroidActionDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.ANDROID_LIST_BATCH_CHANGE_CLERK)) return NO_PERMISSION;
  return d.archived ? refuse('设备已归档，无法操作') : OK;
}

export function canArchive(d: AndroidActionDevice, perms: Perms): ActionCheck {
  if (!hasPermission(perms, Perm.ANDROID_ARCHIVE)) return NO_PERMISSION;
  return d.archived ? refuse('设备已归档') : OK;
}

export const canEnroll = (perms: Perms): ActionCheck => (hasPermission(perms, Perm.ANDROID_LIST_NEW) ? OK : NO_PERMISSION);

/** isInTransit: something is on its way to the phone, so views refresh until it answers. */
export const isInTransit = (d: Pick<AndroidDeviceListItem, 'lock_status' | 'regulate_status' | 'progress'>) =>
  d.lock_status === LockStatus.LOCKING ||
  d.lock_status === LockStatus.UNLOCKING ||
  d.regulate_status === RegulateStatus.REGULATING ||
  d.regulate_status === RegulateStatus.DEREGULATING ||
  d.progress?.status === OperationStatus.QUEUED ||
  d.progress?.status === OperationStatus.SENT;

export const detailPath = (id: string) => `/console/device/android/${id}`;

/** androidDeviceName is how the console calls a phone: the brand and the model's marketing name where known (华为 Mate 60 Pro), else its code. */
export const androidDeviceName = (d: Pick<AndroidDeviceListItem, 'brand_label' | 'model'>) =>
  [d.brand_label, androidModelName(d.model)].filter(Boolean).join(' ') || 'Android 设备';

/** androidDeviceId is the identifier a clerk reads off the phone: its IMEI, else its serial number. */
export const androidDeviceId = (d: Pick<AndroidDeviceListItem, 'imei_1' | 'serial_number'>) => d.imei_1 || d.serial_number;
