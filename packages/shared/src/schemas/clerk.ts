import { z } from 'zod';
import { calendarDate8, text } from './safe-input.ts';
import { GRANTABLE_PERMS, type Perm, type PermissionGroup } from '../permissions.ts';
import { newPassword, paging, phoneNumber, smsCode, uuid } from './common.ts';

/** Spec §9: a clerk's quota fits a PostgreSQL integer. */
export const QUOTA_MAX = 2147483647;

const clerkName = text({ error: '请输入店员姓名' }).trim().min(1, '请输入店员姓名').max(20, '姓名最多 20 个字符');

/** Only grantable codes: Admin comes with is_admin and is never handed out through a permission list. */
const grantable = new Set<string>(GRANTABLE_PERMS);
const permissionList = z
  .array(
    text().refine((c) => grantable.has(c), '权限代码有误'),
    { error: '权限格式有误' },
  )
  .max(GRANTABLE_PERMS.length)
  .transform((codes) => [...new Set(codes)] as Perm[]);

const quota = z.coerce.number({ error: '额度应为整数' }).int('额度应为整数').min(0, '额度不能小于 0').max(QUOTA_MAX, `额度不能大于 ${QUOTA_MAX}`);

/** A query-string boolean: z.coerce.boolean would read 'false' as true. */
const queryBool = z.enum(['true', 'false', '1', '0'], { error: '应为 true 或 false' }).transform((v) => v === 'true' || v === '1');

/** GET /api/store/clerk/list */
export const clerkListQuery = paging.extend({
  name: text().trim().max(20, '姓名最多 20 个字符').optional(),
  phone_number: text()
    .trim()
    .regex(/^\d{1,11}$/, '手机号最多 11 位数字')
    .optional(),
  disabled: queryBool.optional(),
});
export type ClerkListQuery = z.infer<typeof clerkListQuery>;

export interface ClerkListItem {
  id: string;
  name: string;
  phone_number: string;
  is_admin: boolean;
  permission: string[];
  disabled: boolean;
  quota_limit: boolean;
  total_quota: number;
  used_quota: number;
  /** Devices the clerk holds now, per platform. */
  device_count: { ios: number; android: number };
  date_created: string;
}

/** GET /api/store/clerk/permission */
export interface ClerkPermissionInfo {
  groups: PermissionGroup[];
  employee_default_permission: string[];
}

/** POST /api/store/clerk/new (spec §5: quota above 0 when limited). */
export const clerkNewRequest = z
  .object({
    name: clerkName,
    phone_number: phoneNumber,
    sms_code: smsCode,
    password: newPassword,
    quota_limit: z.boolean({ error: '额度限制应为是或否' }).default(false),
    total_quota: quota.default(0),
    /** Omitted: the store's employee_default_permission. */
    permission: permissionList.optional(),
  })
  .refine((v) => !v.quota_limit || v.total_quota > 0, { message: '限制额度时，额度须大于 0', path: ['total_quota'] });
export type ClerkNewRequest = z.input<typeof clerkNewRequest>;

/** PUT /api/store/clerk/update: omitted fields stay as they are. */
export const clerkUpdateRequest = z.object({
  id: uuid,
  name: clerkName.optional(),
  permission: permissionList.optional(),
  quota_limit: z.boolean({ error: '额度限制应为是或否' }).optional(),
  total_quota: quota.optional(),
});
export type ClerkUpdateRequest = z.input<typeof clerkUpdateRequest>;

/** PUT /api/store/clerk/reset-password */
export const clerkResetPasswordRequest = z.object({ id: uuid, password: newPassword });
export type ClerkResetPasswordRequest = z.infer<typeof clerkResetPasswordRequest>;

/** PUT /api/store/clerk/disable */
export const clerkDisableRequest = z.object({ id: uuid, disabled: z.boolean({ error: '停用状态应为是或否' }) });
export type ClerkDisableRequest = z.infer<typeof clerkDisableRequest>;

/** GET /api/store/clerk/distribution-log: newest first; for_clerk matches the giver, the receiver or who handed over. */
export const distributionLogQuery = paging
  .extend({
    for_clerk: uuid.optional(),
    platform: z.enum(['ios', 'android'], { error: '平台有误' }).optional(),
    start_date: calendarDate8.optional(),
    end_date: calendarDate8.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, { message: '开始日期不能晚于结束日期', path: ['end_date'] });
export type DistributionLogQuery = z.infer<typeof distributionLogQuery>;

/** GET /api/helper/clerk-list: one of the caller's store's clerks, for pickers (system users never listed). */
export interface ClerkOption {
  id: string;
  name: string;
  disabled: boolean;
}

export interface ClerkRef {
  id: string;
  name: string;
}

export interface DistributionLogItem {
  id: number;
  date_created: string;
  platform: 'ios' | 'android';
  device_id: string;
  serial_number: string;
  from_clerk: ClerkRef | null;
  to_clerk: ClerkRef | null;
  by_clerk: ClerkRef | null;
}
