import { EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { lockIntentNote } from './lockIntent.ts';

const intent = { message: '租金逾期', phone_number: '', footnote: '', since: '2026-01-01T00:00:00Z' };
const base = { lock_intent: intent, lost_mode_reported: false, lock_status: LockStatus.UNLOCKED, enrollment_status: EnrollmentStatus.ENROLLED, progress: null };

describe('lockIntentNote', () => {
  it('says nothing when the store has not locked the phone, or the phone agrees', () => {
    expect(lockIntentNote({ ...base, lock_intent: null })).toBeNull();
    expect(lockIntentNote({ ...base, lost_mode_reported: true, lock_status: LockStatus.LOCKED })).toBeNull();
    // The store's own lock on its way is the lock tag's to show.
    expect(lockIntentNote({ ...base, lock_status: LockStatus.LOCKING })).toBeNull();
  });

  it('tells the clerk the phone left Lost Mode and is being locked again', () => {
    const progress = { operation_log_id: 'x', action: 'relock', status: OperationStatus.QUEUED, scheduled_at: null };
    expect(lockIntentNote({ ...base, lock_status: LockStatus.LOCKING, progress })).toBe('设备已退出丢失模式（被抹掉或恢复），正在自动重新锁定');
    expect(lockIntentNote(base)).toMatch(/设备报告未处于丢失模式/);
  });

  it('keeps the lock for a phone that is away (erased, not yet back)', () => {
    expect(lockIntentNote({ ...base, enrollment_status: EnrollmentStatus.CHECKED_OUT })).toBe('门店已锁定此设备：设备重新接入管理后将自动重新锁定');
  });
});
