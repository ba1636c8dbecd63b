import { actionLabel, OperationStatus, operationStatusLabel, type OperationProgress } from '@lease/shared';
import { formatShort } from '../../../../lib/time.ts';

/** Short verbs for the commands a clerk waits on; other actions show their log label. */
const RUNNING: Record<string, string> = {
  lock: '锁定中…',
  unlock: '解锁中…',
  reboot: '重启中…',
  'get-location': '定位中…',
  'play-lost-mode-sound': '播放提示音…',
  'clear-passcode': '清除密码中…',
  'get-installed-app-list': '获取应用列表…',
};

export interface ProgressView {
  text: string;
  /** Waiting on the phone (spinner) rather than on the clock (a scheduled lock). */
  running: boolean;
  tooltip: string;
}

/** progressView words the newest unfinished operation of a device for its status cell. */
export function progressView(p: OperationProgress): ProgressView {
  const label = actionLabel(p.action);
  if (p.status === OperationStatus.SCHEDULED && p.scheduled_at) {
    return { text: `预约 ${formatShort(p.scheduled_at)}`, running: false, tooltip: `${label}：已预约，将于 ${formatShort(p.scheduled_at)} 执行` };
  }
  const status = operationStatusLabel[p.status as OperationStatus] ?? '处理中';
  const waiting = p.status === OperationStatus.SENT ? '，等待设备回应' : '，等待设备接收';
  return { text: RUNNING[p.action] ?? `${label}…`, running: true, tooltip: `${label}：${status}${waiting}` };
}
