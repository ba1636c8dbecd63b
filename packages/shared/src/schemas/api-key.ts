import { z } from 'zod';
import { text } from './safe-input.ts';
import { OFFLINE_DURATIONS } from '../device-status.ts';
import { paging, phoneNumber, smsCode, uuid } from './common.ts';

/* ---------- console: GET/POST /api/store/api-key/* (admin only) ---------- */

/** GET /api/store/api-key/info. The secret is never returned again after generate; only its masked form. */
export interface ApiKeyInfo {
  enabled: boolean;
  api_key: string | null;
  api_secret_key_masked: string | null;
  secret_generated_at: string | null;
  callback_url: string;
  ip_white_list: string;
  offline_hours: number | null;
  /** The client IP the server sees for this console request: a hint for filling the whitelist. */
  your_ip: string;
  date_created: string | null;
  date_updated: string | null;
}

const proof = { password: text({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(64), sms_code: smsCode.optional() };

export const apiKeyEnabledRequest = z.object({ enabled: z.boolean({ error: '请选择开启或关闭' }), ...proof });
export type ApiKeyEnabledRequest = z.infer<typeof apiKeyEnabledRequest>;

export const apiKeyGenerateRequest = z.object(proof);
export type ApiKeyGenerateRequest = z.infer<typeof apiKeyGenerateRequest>;

/** POST /api/store/api-key/preview: what generating a new pair would change, shown before asking the password. */
export interface ApiKeyPreview {
  has_key: boolean;
  api_key: string | null;
  enabled: boolean;
  /** Chinese sentences, one per consequence. */
  effects: string[];
  pending_deliveries: number;
}

/** POST /api/store/api-key/generate: the only answer that ever carries the secret. */
export interface ApiKeyGenerated {
  api_key: string;
  api_secret_key: string;
  secret_generated_at: string;
}

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();
export const isIpAddress = (v: string) => IPV4.safeParse(v).success || IPV6.safeParse(v).success;

/** splitIpList turns the stored comma-separated whitelist into addresses (blank entries dropped). */
export const splitIpList = (v: string) =>
  v
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Spec §5: the whitelist is comma-separated valid IPs (IPv4 or IPv6); empty means any address. */
export const ipWhiteList = text()
  .trim()
  .max(2000, 'IP 白名单最多 2000 个字符')
  .superRefine((v, ctx) => {
    const bad = splitIpList(v).filter((ip) => !isIpAddress(ip));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `IP 地址格式有误：${bad.slice(0, 3).join('、')}` });
  })
  .transform((v) => [...new Set(splitIpList(v))].join(','));

/** Spec §5: the callback must be a URL; only http and https are delivered to. Empty turns webhooks off. */
export const callbackUrl = z.union([
  z.literal(''),
  text()
    .trim()
    .max(1000, '回调地址最多 1000 个字符')
    .pipe(z.url({ protocol: /^https?$/, error: '回调地址应为 http:// 或 https:// 开头的网址' })),
]);

export const offlineHours = z
  .number({ error: '离线时长有误' })
  .int()
  .refine((v) => (OFFLINE_DURATIONS as readonly number[]).includes(v), '离线时长只能是 3、6、12、24 或 73（73 即超过 72 小时）')
  .nullable();

export const apiKeyUpdateRequest = z.object({
  callback_url: callbackUrl,
  ip_white_list: ipWhiteList,
  offline_hours: offlineHours.default(null),
});
export type ApiKeyUpdateRequest = z.input<typeof apiKeyUpdateRequest>;

/* ---------- webhooks ---------- */

export const WEBHOOK_EVENT_TYPES = [
  'device.enrolled',
  'device.locked',
  'device.unlocked',
  'device.relocked',
  'device.location',
  'device.sim_changed',
  'device.offline',
  'device.released',
  'device.hirer_blacklisted',
  'lease.reminder_sent',
  'lease.overdue',
  'lease.locked_for_arrears',
  'lease.unlocked_after_payment',
  'lease.paid_off',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventLabel: Record<WebhookEventType, string> = {
  'device.enrolled': '设备接入',
  'device.locked': '设备已锁定',
  'device.unlocked': '设备已解锁',
  'device.relocked': '设备已自动重新锁定',
  'device.location': '设备定位',
  'device.sim_changed': 'SIM 卡变更',
  'device.offline': '设备离线',
  'device.released': '设备脱离管理',
  'device.hirer_blacklisted': '租机人新出现在黑名单（抢先体验）',
  'lease.reminder_sent': '已发送还款提醒',
  'lease.overdue': '分期逾期',
  'lease.locked_for_arrears': '欠费自动锁定',
  'lease.unlocked_after_payment': '还款后自动解锁',
  'lease.paid_off': '分期已结清',
};

export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_STATUSES)[number];
export const webhookStatusLabel: Record<WebhookDeliveryStatus, string> = { pending: '等待发送', delivered: '已送达', failed: '发送失败' };

export const webhookDeliveryQuery = paging.extend({
  status: z.enum(WEBHOOK_STATUSES, { error: '状态有误' }).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuery>;

export interface WebhookAttemptItem {
  attempt_no: number;
  status_code: number | null;
  error: string;
  duration_ms: number;
  date_created: string;
}

export interface WebhookDeliveryItem {
  id: string;
  type: string;
  platform: string;
  device_id: string | null;
  serial_number: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
  date_created: string;
  attempt_list: WebhookAttemptItem[];
}

export const webhookResendRequest = z.object({ id: uuid });

/* ---------- open API: /open/v1 (X-Api-Key + HMAC signature) ---------- */

export const OPEN_PLATFORMS = ['ios', 'android'] as const;
export type OpenPlatform = (typeof OPEN_PLATFORMS)[number];

export const openDeviceListQuery = paging.extend({
  platform: z.enum(OPEN_PLATFORMS, { error: '平台只能是 ios 或 android' }).optional(),
  serial_number: text()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, '序列号为字母或数字')
    .optional(),
  imei: text()
    .trim()
    .regex(/^\d{1,15}$/, 'IMEI 最多 15 位数字')
    .optional(),
  hirer_phone_number: text()
    .trim()
    .regex(/^\d{1,11}$/, '手机号最多 11 位数字')
    .optional(),
});
export type OpenDeviceListQuery = z.infer<typeof openDeviceListQuery>;

export const openDeviceParams = z.object({ platform: z.enum(OPEN_PLATFORMS, { error: '平台只能是 ios 或 android' }), id: uuid });

export const openLockRequest = z.object({
  message: text({ error: '请输入锁屏提示' }).trim().min(1, '请输入锁屏提示').max(200, '锁屏提示最多 200 个字符'),
  phone_number: text().trim().max(20, '电话最多 20 个字符').optional().default(''),
  footnote: text().trim().max(100, '脚注最多 100 个字符').optional().default(''),
});
export type OpenLockRequest = z.infer<typeof openLockRequest>;

export const openHirerRequest = z.object({
  hirer_name: text({ error: '请输入租机人姓名' }).trim().min(1, '请输入租机人姓名').max(20, '姓名最多 20 个字符'),
  hirer_phone_number: z.union([z.literal(''), phoneNumber]).default(''),
});

/** OpenDevice is one device as the open API shows it: the same shape for iPhones and Android phones. */
export interface OpenDevice {
  id: string;
  platform: OpenPlatform;
  serial_number: string;
  imei_1: string;
  imei_2: string;
  model: string;
  os_version: string;
  hirer_name: string;
  hirer_phone_number: string;
  enrollment_status: number;
  lock_status: number;
  battery_level: number | null;
  /** Apple: in the recycle bin; Android: archived. */
  archived: boolean;
  registration_time: string;
  last_active_time: string | null;
  last_active_location: { latitude: number; longitude: number; accuracy?: number; at: string } | null;
}

export interface OpenOperationResult {
  operation_log_id: string;
  status: number;
}
