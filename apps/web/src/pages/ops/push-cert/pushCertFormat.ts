import type { PushCertSource } from '@lease/shared';
import { formatChinaTime } from '../../../lib/chinaTime.ts';

export const sourceLabel: Record<PushCertSource, string> = {
  'env-certificate': '环境变量 APNS_CERT_FILE / APNS_KEY_FILE',
  'env-token': '环境变量 APNS_AUTH_KEY_FILE（令牌密钥，不会过期）',
  stored: '本页上传的证书',
  none: '未配置（不发送推送，设备只按自身周期签到）',
};

/** dateOf shows an ISO instant as the China date and time, minutes precision (the console's one formatter). */
export const dateOf = (iso: string): string => formatChinaTime(iso);

/** daysLeftText: "还剩 12 天" or "已过期 3 天". */
export const daysLeftText = (days: number) => (days < 0 ? `已过期 ${-days} 天` : `还剩 ${days} 天`);

/** tone of a remaining time: red once ended or within 7 days, orange within 30, else green. */
export const daysTone = (days: number) => (days < 7 ? 'error' : days < 30 ? 'warning' : 'success');

/** readFileText reads a chosen file as text (certificates and keys are PEM text). */
export const readFileText = (file: Blob) => file.text();
