import { z } from 'zod';
import { text } from './safe-input.ts';
import { AndroidAppRestrictionMode, RegulateStatus, type AndroidAppEntry } from '../android.ts';
import { isAndroidRestrictionKey } from '../android-restrictions.ts';
import { contactPhone, paging, uuid } from './common.ts';
import { sensitiveProof } from './store.ts';
import type { HirerRisk } from './report.ts';
import { type GeoPointInfo, type OperationProgress, type SimCardInfo, iosListQuery, updateHirerRequest, updateRemarkRequest } from './ios-device.ts';

/** The list filters both platforms share (spec §5 Filters) are taken from the Apple list, not written twice. */
const shared = iosListQuery.shape;
const regulateValues = Object.values(RegulateStatus) as number[];

/** Query of GET /api/device/android/list (spec §5 filters; `archived` picks the 已归档 tab). */
export const androidListQuery = paging.extend({
  imei: shared.imei,
  hirer_phone_number: shared.hirer_phone_number,
  serial_number: text()
    .trim()
    .regex(/^[A-Za-z0-9]{1,32}$/, '序列号为字母或数字')
    .optional(),
  brand: text().trim().min(1).max(40, '品牌有误').optional(),
  model: text().trim().min(1).max(64, '型号有误').optional(),
  channel: z.coerce.number({ error: '管理通道有误' }).int('管理通道有误').min(0, '管理通道有误').max(4, '管理通道有误').optional(),
  registration_time: shared.registration_time,
  offline_duration: shared.offline_duration,
  for_clerk: shared.for_clerk,
  lock_status: shared.lock_status,
  regulate_status: z.coerce
    .number({ error: '监管状态有误' })
    .int('监管状态有误')
    .refine((v) => regulateValues.includes(v), '监管状态有误')
    .optional(),
  archived: z.stringbool({ error: '归档参数有误' }).optional().default(false),
  sort_index: shared.sort_index,
  sort_direction: shared.sort_direction,
});
export type AndroidListQuery = z.infer<typeof androidListQuery>;

/** POST /{id}/update-hirer-info and /{id}/update-remark: the Apple rules, without the body's device id. */
export const androidHirerRequest = updateHirerRequest.omit({ device_id: true });
export const androidRemarkRequest = updateRemarkRequest.omit({ device_id: true });

/** Spec §5 Android lock: message required ('未填写锁定提示内容'); the phone, when given, is 1 + 10 digits. */
export const androidLockRequest = z.object({
  message: text({ error: '未填写锁定提示内容' }).trim().min(1, '未填写锁定提示内容').max(200, '锁定提示最多 200 个字符'),
  phone_number: contactPhone.optional().default(''),
});
export type AndroidLockRequest = z.infer<typeof androidLockRequest>;

/** An Android package name: dot-separated Java identifiers, at least two parts (com.example.app). */
const packageName = text({ error: '请输入应用包名' })
  .trim()
  .max(255, '包名过长')
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, '包名格式有误，例如 com.tencent.mm');

export const androidAppEntry = z.object({
  app_name: text().trim().max(64, '应用名称最多 64 个字符').default(''),
  package_name: packageName,
  version: text().trim().max(64).optional(),
}) satisfies z.ZodType<AndroidAppEntry, unknown>;

/**
 * App restriction of a device or the store default (spec §5 Android): when enabled, mode 0 (blacklist) or
 * 1 (whitelist) is required, and a whitelist needs at least one app, or the phone could open nothing.
 */
export const androidAppRestriction = z
  .object({
    enable: z.boolean({ error: '请选择是否开启应用限制' }),
    mode: z
      .union([z.literal(AndroidAppRestrictionMode.BLACKLIST), z.literal(AndroidAppRestrictionMode.WHITELIST)], {
        error: '应用限制模式只能是 0（黑名单）或 1（白名单）',
      })
      .optional(),
    list: z.array(androidAppEntry).max(500, '应用列表最多 500 个').optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.enable && v.mode === undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: '开启应用限制时请选择限制模式' });
    if (v.enable && v.mode === AndroidAppRestrictionMode.WHITELIST && v.list.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['list'], message: '白名单模式请至少添加一个应用' });
    }
    const seen = new Set<string>();
    for (const [i, app] of v.list.entries()) {
      if (seen.has(app.package_name)) ctx.addIssue({ code: 'custom', path: ['list', i, 'package_name'], message: `应用 ${app.package_name} 重复` });
      seen.add(app.package_name);
    }
  });
export type AndroidAppRestriction = z.infer<typeof androidAppRestriction>;

/** A restriction map (key → restricted) of the catalogue in android-restrictions.ts; unknown keys are refused. */
export const androidRestrictionMap = z.record(text(), z.boolean({ error: '限制项的值只能是开或关' })).superRefine((map, ctx) => {
  for (const key of Object.keys(map)) {
    if (!isAndroidRestrictionKey(key)) ctx.addIssue({ code: 'custom', path: [key], message: `未知的限制项：${key}` });
  }
});

/** POST /{id}/operation/set-system-restriction and PUT /default-system-restriction. */
export const androidSystemRestrictionRequest = z.object({ restriction: androidRestrictionMap });
export type AndroidSystemRestrictionRequest = z.infer<typeof androidSystemRestrictionRequest>;

/** Where a wallpaper goes, as Android's WallpaperManager flags: 1 lock screen, 2 home screen, 3 both (spec §4). */
export const androidWallpaperRequest = z.object({
  wallpaper_id: uuid,
  where: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '壁纸位置只能是 1（锁屏）、2（主屏幕）或 3（两者）' }).default(3),
  /** Spec §5: allow_modify defaults false; false also turns on the no_set_wallpaper restriction. */
  allow_modify: z.boolean().default(false),
});
export type AndroidWallpaperRequest = z.infer<typeof androidWallpaperRequest>;

/** change-for-clerk of one device (Ea3). */
export const androidChangeClerkRequest = z.object({ for_clerk: uuid });

/**
 * get-unlock-passcode / get-deregulate-passcode: the challenge the locked phone shows, read to the store by
 * the hirer (spaces allowed), and the caller's password (plus an SMS code when the store's switch is on):
 * the sensitive-action proof of the store settings.
 * grant_days: 1-30 unlocks for that many days and then relocks if still offline; 0 until the next check-in.
 */
export const androidPasscodeRequest = sensitiveProof.extend({
  challenge: text({ error: '请输入设备上显示的挑战码' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(text().regex(/^\d{8}$/, '挑战码为设备锁屏上显示的 8 位数字')),
  grant_days: z.coerce.number({ error: '有效天数有误' }).int('有效天数有误').min(0, '有效天数为 0-30').max(30, '有效天数为 0-30').optional().default(0),
});
export type AndroidPasscodeRequest = z.infer<typeof androidPasscodeRequest>;

/** GET /location-log and GET /operation-log: a device's page (device_id), or for the operation log the store's. */
export const androidDeviceLogQuery = paging.extend({ device_id: uuid });

/** AndroidOperationName lists the POST /{id}/operation/{name} calls of spec §7. */
export const ANDROID_OPERATIONS = [
  'get-hirer-phone',
  'lock',
  'unlock',
  'regulate',
  'deregulate',
  'set-wallpaper',
  'get-location',
  'set-system-restriction',
  'sync-system-restriction',
  'get-installed-app-list',
  'set-app-restriction',
  'change-for-clerk',
  'get-unlock-passcode',
  'get-deregulate-passcode',
  'archive',
] as const;
export type AndroidOperationName = (typeof ANDROID_OPERATIONS)[number];

/** AndroidDeviceListItem is one row of the Android list; the hirer phone is masked (get-hirer-phone reveals it). */
export interface AndroidDeviceListItem {
  id: string;
  serial_number: string;
  imei_1: string;
  imei_2: string;
  brand: string;
  brand_label: string;
  manufacturer: string;
  model: string;
  os_version: string;
  sdk_int: number | null;
  agent_version: string;
  channel: number;
  hirer_name: string;
  hirer_phone_number: string;
  remark: string;
  for_clerk: { id: string; name: string } | null;
  enrollment_status: number;
  lock_status: number;
  regulate_status: number;
  archived: boolean;
  archived_at: string | null;
  battery_level: number | null;
  registration_time: string;
  last_active_time: string | null;
  is_simulated: boolean;
  progress: OperationProgress | null;
}

export interface AndroidDeviceDetail extends AndroidDeviceListItem {
  /** The hirer's latest finished report in the store (matched by phone), or null; reports need Ca1. */
  hirer_risk: HirerRisk | null;
  manufacturer: string;
  meid: string;
  sim_1: SimCardInfo | null;
  sim_2: SimCardInfo | null;
  last_active_location: GeoPointInfo | null;
  lock_message: string;
  lock_phone_number: string;
  /** What the phone should enforce: its own choices over the store default (resolveDeviceRestrictions). */
  system_restriction: Record<string, boolean>;
  diff_system_restriction_keys: string[];
  /** What the agent last reported applying, and the keys its channel cannot enforce. */
  restriction_report: { applied: string[]; unsupported: string[]; at: string } | null;
  app_restriction_enable: boolean;
  app_restriction_mode: number;
  app_restriction_list: AndroidAppEntry[];
  wallpaper_id: string | null;
  policy_version: number;
  installed_app_count: number;
  /** The store's offline self-lock: a phone out of touch this long locks itself (DESIGN §6). */
  offline_lock_hours: number;
}

/** GET /{id}/system-restriction: the phone's map, the store default, and where they differ. */
export interface AndroidSystemRestrictionView {
  restriction: Record<string, boolean>;
  store_default: Record<string, boolean>;
  diff_keys: string[];
}

/** GET /search-options: the filter choices, taken from the store's own devices and clerks. */
export interface AndroidSearchOptions {
  brands: { value: string; label: string }[];
  models: string[];
  channels: { value: number; label: string }[];
  clerks: { id: string; name: string; disabled: boolean }[];
  lock_statuses: { value: number; label: string }[];
  regulate_statuses: { value: number; label: string }[];
}

/**
 * GET /{id}/simulator: what a simulated phone (the demo's agents, run by this server) shows right now, so the demo
 * needs no file to find the lock screen's challenge. Only with dev tools on, only for simulated phones.
 */
export interface AndroidSimulatorView {
  /** Whether the agent holds its WebSocket to the server. */
  connected: boolean;
  lock_screen: {
    locked: boolean;
    /** `command` (the store's lock), `offline` (self-lock after too long offline), `lease-overdue` (the plan's lock), `none`. */
    reason: 'command' | 'offline' | 'lease-overdue' | 'none';
    message: string;
    phone: string;
    /** The 8-digit challenge the hirer reads to the store for an offline code; null when not locked. */
    challenge: string | null;
    /** The last six characters of the device id, shown on the lock screen. */
    device_tail: string;
    /** While wrong codes have blocked entry: milliseconds left. */
    blocked_for_ms: number;
  };
}

/** The answer of get-unlock-passcode / get-deregulate-passcode: a one-time code for the shown challenge. */
export interface AndroidPasscodeResponse {
  passcode: string;
  purpose: 'unlock' | 'deregulate';
  challenge: string;
  grant_days: number;
  operation_log_id: string;
}

export interface AndroidLocationLogItem {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  measured_at: string;
  date_created: string;
}
