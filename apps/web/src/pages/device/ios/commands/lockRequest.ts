import type { IosLockRequest } from '@lease/shared';
import type { Dayjs } from 'dayjs';
import { chinaWallClock } from '../../../../lib/chinaTime.ts';

export type LockWhen = 'now' | 'scheduled';

/** LockFormValues is what the lock dialog's form holds. */
export interface LockFormValues {
  message: string;
  phone_number?: string;
  footnote?: string;
  when: LockWhen;
  at?: Dayjs | null;
  confirmed?: boolean;
}

/** scheduledAt is the instant of the picked time, read as China time (the time the list then shows). */
const scheduledAt = (at: Dayjs) => chinaWallClock(at.year(), at.month(), at.date(), at.hour(), at.minute());

/** scheduleError checks a scheduled lock's time: it must be given and lie in the future. */
export function scheduleError(at: Dayjs | null | undefined, now: number = Date.now()): string | null {
  if (!at) return '请选择预约锁定时间';
  if (scheduledAt(at) <= now) return '预约时间需晚于当前时间';
  return null;
}

/** toLockRequest builds the body of command/lock from the dialog's values. */
export function toLockRequest(deviceId: string, v: LockFormValues): IosLockRequest {
  if (v.when === 'scheduled' && !v.at) throw new Error('预约锁定缺少执行时间');
  return {
    device_id: deviceId,
    message: v.message.trim(),
    phone_number: v.phone_number?.trim() ?? '',
    footnote: v.footnote?.trim() ?? '',
    when: v.when === 'scheduled' && v.at ? new Date(scheduledAt(v.at)).toISOString() : 'now',
  };
}
