import { EnrollmentStatus, type IosDeviceDetail, LockStatus } from '@lease/shared';

type LockFacts = Pick<IosDeviceDetail, 'lock_intent' | 'lost_mode_reported' | 'lock_status' | 'enrollment_status' | 'progress'>;

/**
 * lockIntentNote says why the store's lock and the phone's word differ, or null when they agree (or the store's own
 * lock is simply on its way). The store's lock outlives an erase: the server locks the phone again when it is back.
 */
export function lockIntentNote(d: LockFacts): string | null {
  if (!d.lock_intent || d.lost_mode_reported === true) return null;
  if (d.enrollment_status !== EnrollmentStatus.ENROLLED) return '门店已锁定此设备：设备重新接入管理后将自动重新锁定';
  if (d.progress?.action === 'relock') return '设备已退出丢失模式（被抹掉或恢复），正在自动重新锁定';
  if (d.lock_status === LockStatus.LOCKING || d.lock_status === LockStatus.LOCKED) return null;
  return '门店已锁定此设备，但设备报告未处于丢失模式：设备下次上报时将自动重新锁定';
}
