import { z } from 'zod';
import { calendarDate8, isSaneTime, text } from './safe-input.ts';
import { OFFLINE_DURATIONS } from '../device-status.ts';
import { contactPhone, paging, phoneNumber, uuid } from './common.ts';
import type { HirerRisk } from './report.ts';

/** Query of GET /api/device/ios/list and /recycled-list (spec §5 filters). */
export const iosListQuery = paging.extend({
  imei: text()
    .trim()
    .regex(/^\d{1,15}$/, 'IMEI 最多 15 位数字')
    .optional(),
  hirer_phone_number: text()
    .trim()
    .regex(/^\d{1,11}$/, '手机号最多 11 位数字')
    .optional(),
  serial_number: text()
    .trim()
    .regex(/^[A-Za-z0-9]{1,14}$/, '序列号为字母或数字')
    .optional(),
  registration_time: z
    .union([z.array(calendarDate8), calendarDate8.transform((v) => [v])])
    .refine((v) => v.length === 2, '注册时间需要开始和结束两个日期')
    .optional(),
  offline_duration: z.coerce
    .number()
    .refine((v) => (OFFLINE_DURATIONS as readonly number[]).includes(v), '离线时长只能是 3、6、12、24 或 73（73 即超过 72 小时）')
    .optional(),
  for_clerk: uuid.optional(),
  lock_status: z.coerce.number().int().min(0).max(4).optional(),
  sort_index: z.enum(['registration_time', 'last_active_time'], { error: '排序字段有误' }).default('registration_time'),
  sort_direction: z.enum(['ascend', 'descend'], { error: '排序方向有误' }).default('descend'),
});
export type IosListQuery = z.infer<typeof iosListQuery>;

export const serialForNew = text()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(text().regex(/^[A-Z0-9]{10,14}$/, '序列号应为 10-14 位字母或数字'));

/** POST /api/device/ios/new: register serials before the phones enrol. */
export const iosNewRequest = z.object({
  serial_numbers: z.array(serialForNew).min(1, '请至少输入一个序列号').max(200, '一次最多登记 200 台'),
  for_clerk: uuid.optional(),
  remark: text().trim().max(100, '备注最多 100 个字符').optional(),
});

export const deviceIdBody = z.object({ device_id: uuid });
export const changeForClerkRequest = z.object({ device_ids: z.array(uuid).min(1, '请选择设备').max(500), for_clerk: uuid });
export const updateRemarkRequest = deviceIdBody.extend({ remark: text().trim().max(100, '备注最多 100 个字符') });
/** POST /api/device/ios/enroll-short-link answers the SMS-sized enrolment link of one phone. */
export interface EnrollShortLinkResponse {
  /** `{PUBLIC_URL}/e/{code}`: redirects to the phone's long enrolment link. */
  short_link: string;
  expires_at: string;
}
export const hirerPhone = z.union([z.literal(''), phoneNumber]);
export const updateHirerRequest = deviceIdBody.extend({
  hirer_name: text().trim().min(1, '请输入租机人姓名').max(20, '姓名最多 20 个字符'),
  hirer_phone_number: hirerPhone,
});

/** POST /api/device/ios/command/lock (spec §5: message required; when is 'now' or a valid date). */
export const iosLockRequest = deviceIdBody.extend({
  message: text({ error: '请输入锁屏提示' }).trim().min(1, '请输入锁屏提示').max(200, '锁屏提示最多 200 个字符'),
  phone_number: contactPhone.optional().default(''),
  footnote: text().trim().max(100, '脚注最多 100 个字符').optional().default(''),
  when: text()
    .refine((v) => v === 'now' || isSaneTime(Date.parse(v)), '执行时间应为 now 或有效日期')
    .default('now'),
});
export type IosLockRequest = z.infer<typeof iosLockRequest>;

export const cancelScheduleRequest = z.object({ operation_log_id: uuid });
export const operationLogQuery = paging.extend({ device_id: uuid.optional() });
export const deviceLogQuery = paging.extend({ device_id: uuid });

/** Public enrolment page (spec §5: serial 1-12 alphanumerics uppercased; hirer name ≤ 20; phone empty or valid). */
export const enrollBaseinfoQuery = z.object({ code: text().min(1, '链接无效').max(400, '链接无效') });
export const enrollSubmitRequest = z.object({
  code: text({ error: '链接无效' }).min(1, '链接无效').max(400, '链接无效'),
  hirer_name: text().trim().min(1, '请输入姓名').max(20, '姓名最多 20 个字符'),
  hirer_phone_number: z.union([z.literal(''), text().regex(/^1\d{10}$/, '请输入正确的手机号')]).default(''),
});

export interface SimCardInfo {
  slot: number;
  iccid?: string;
  phone_number?: string;
  carrier?: string;
  imei?: string;
}

export interface GeoPointInfo {
  latitude: number;
  longitude: number;
  accuracy?: number;
  at: string;
}

/** OperationProgress is the device's newest unfinished operation, shown in the list (spec §3 "progress"). */
export interface OperationProgress {
  operation_log_id: string;
  action: string;
  status: number;
  scheduled_at: string | null;
}

/** IosDeviceListItem is one row of the Apple device list; the hirer phone is masked (reveal with get-hirer-phone). */
export interface IosDeviceListItem {
  id: string;
  serial_number: string;
  udid: string | null;
  model: string;
  model_name: string;
  product_name: string;
  color: string;
  storage_capacity: number | null;
  os_version: string;
  imei_1: string;
  imei_2: string;
  hirer_name: string;
  hirer_phone_number: string;
  remark: string;
  for_clerk: { id: string; name: string } | null;
  enrollment_status: number;
  lock_status: number;
  supervise_status: number;
  abm_status: number;
  activation_lock_status: number;
  recycled_status: number;
  battery_level: number | null;
  registration_time: string;
  last_active_time: string | null;
  is_simulated: boolean;
  enroll_link: string;
  progress: OperationProgress | null;
}

export interface IosDeviceDetail extends IosDeviceListItem {
  /** The hirer's latest finished report in the store (matched by phone), or null; reports need Ca1. */
  hirer_risk: HirerRisk | null;
  market: string;
  meid: string;
  sim_1: SimCardInfo | null;
  sim_2: SimCardInfo | null;
  last_active_location: GeoPointInfo | null;
  app_list: { app_name: string; bundle_id: string; version?: string }[];
  system_restriction: Record<string, boolean>;
  app_restriction_enable: boolean;
  app_restriction_type: number;
  app_restriction_list: { app_name: string; bundle_id: string }[];
  available_os_updates: Record<string, unknown>[];
  os_update_status: number;
  global_proxy_status: number;
  dns_setting_status: number;
  /** Until then the phone may trust enterprise apps (temporary-allow-enterprise-app-trust); null when not granted. */
  enterprise_app_trust_until: string | null;
  os_update_progress: Record<string, unknown> | null;
  /** DDM status device.power.battery-health (iOS 17+ iPhone): normal, service-recommended, non-genuine, unknown, unsupported; null until reported. */
  battery_health?: string | null;
  /** Whether the server holds an Activation Lock bypass code for the phone (the code itself needs get-activation-lock-password). */
  activation_lock_set: boolean;
  need_os_update: boolean;
  diff_system_restriction_keys: string[];
  facts_updated_at: string | null;
  /** mdm_check: whether the phone can be reached (enrolled, push token valid) and when it last answered. */
  mdm_check: { enrolled: boolean; push_ready: boolean; pending_commands: number; last_seen_at: string | null } | null;
  /** What the hirer's lock screen says (the last lock sent or scheduled) while the phone is locked, locking or scheduled; null otherwise. */
  lock_screen?: IosLockScreen | null;
  /** The store's lock while it holds (kept through an erase: the server locks the phone again); null when not locked by the store. */
  lock_intent?: (IosLockScreen & { since: string }) | null;
  /** IsMDMLostModeEnabled as the phone last reported it; null before its first report. */
  lost_mode_reported?: boolean | null;
}

export interface IosLockScreen {
  message: string;
  phone_number: string;
  footnote: string;
}

/** OperationLogItem moved to logs.ts (store-wide log pages share it); re-exported for existing imports. */
export type { OperationLogItem } from './logs.ts';
