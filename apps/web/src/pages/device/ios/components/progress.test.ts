import { OperationStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { progressView } from './progress.ts';

const op = (action: string, status: number, scheduled_at: string | null = null) => ({ operation_log_id: 'x', action, status, scheduled_at });

describe('progressView', () => {
  it('shows a queued lock as running with an honest tooltip', () => {
    expect(progressView(op('lock', OperationStatus.QUEUED))).toEqual({ text: '锁定中…', running: true, tooltip: '锁定设备：排队中，等待设备接收' });
    expect(progressView(op('unlock', OperationStatus.SENT)).tooltip).toBe('解锁设备：已下发，等待设备回应');
  });

  it('shows a scheduled lock with its China time, not as running', () => {
    const at = '2026-11-25T02:00:00.000Z'; // 10:00 in Beijing, whatever the test machine's zone
    expect(progressView(op('lock', OperationStatus.SCHEDULED, at))).toMatchObject({ text: '预约 11-25 10:00', running: false });
  });

  it('falls back to the log label for other actions', () => {
    expect(progressView(op('refresh-facts', OperationStatus.QUEUED)).text).toBe('刷新设备信息…');
  });
});
