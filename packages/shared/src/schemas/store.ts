import { z } from 'zod';
import { text } from './safe-input.ts';
import type { AppleRestrictionMap } from '../apple-restrictions.ts';
import { appleRestrictionMap } from './apple-restriction-map.ts';
import { GRANTABLE_PERMS, type Perm } from '../permissions.ts';
import { smsCode } from './common.ts';
import { APPLE_BUNDLE_ID_RE } from './appstore.ts';
import { type LostModalContent, lostModalContent } from './user.ts';

/** GET /api/store/info: the store as its clerks see it. */
export interface StoreInfo {
  id: string;
  store_name: string;
  device_count: number;
  used_device_count: number;
  rcs_count: number;
  used_rcs_count: number;
  discount_rate: string;
  modules: string[];
  remark: string;
  /** Permission codes a new clerk gets unless the admin picks others. */
  employee_default_permission: string[];
  sms_verify_switch: boolean;
  date_created: string;
}

const grantable = new Set<string>(GRANTABLE_PERMS);

/** PUT /api/store/info: what an admin may change; at least one field. */
export const storeInfoUpdateRequest = z
  .object({
    store_name: text({ error: '请输入门店名称' }).trim().min(1, '请输入门店名称').max(30, '门店名称最多 30 个字符').optional(),
    remark: text({ error: '备注格式有误' }).trim().max(200, '备注最多 200 个字符').optional(),
    employee_default_permission: z
      .array(
        text().refine((c) => grantable.has(c), '权限代码有误'),
        { error: '权限格式有误' },
      )
      .max(GRANTABLE_PERMS.length)
      .transform((codes) => [...new Set(codes)] as Perm[])
      .optional(),
  })
  .refine((v) => v.store_name !== undefined || v.remark !== undefined || v.employee_default_permission !== undefined, '没有要修改的内容');
export type StoreInfoUpdateRequest = z.input<typeof storeInfoUpdateRequest>;
export type StoreInfoUpdate = z.output<typeof storeInfoUpdateRequest>;

/**
 * Proof of a sensitive action (DESIGN §4): the login or secondary password, plus an SMS code when the
 * store's switch asks for one. Shape checks only; the guard decides.
 */
export const sensitiveProof = z.object({
  password: text({ error: '请输入登录密码或二级密码' }).min(1, '请输入登录密码或二级密码').max(64, '密码有误'),
  sms_code: z.union([z.literal(''), smsCode]).optional(),
});
export type SensitiveProof = z.infer<typeof sensitiveProof>;

export interface SmsVerifySwitch {
  enabled: boolean;
}

/** PUT /api/store/sms-verify-switch: turning it off needs the SMS code it protects. */
export const smsVerifySwitchRequest = sensitiveProof.extend({
  enabled: z.boolean({ error: '开关状态应为开或关' }),
});
export type SmsVerifySwitchRequest = z.infer<typeof smsVerifySwitchRequest>;

/** PUT /api/store/lost-modal-content: the store's default lock-screen text. */
export const storeLostModalContentRequest = lostModalContent;
export type StoreLostModalContent = LostModalContent;

/** Apple app-restriction types of spec §5 (iOS): 0 none, 1 block the listed apps, 2 allow only the listed apps. */
export const AppleAppRestrictionType = { NONE: 0, BLACKLIST: 1, WHITELIST: 2 } as const;
export type AppleAppRestrictionType = (typeof AppleAppRestrictionType)[keyof typeof AppleAppRestrictionType];
export const appleAppRestrictionTypeLabel: Record<AppleAppRestrictionType, string> = {
  0: '无',
  1: '黑名单（禁止列表中的应用）',
  2: '白名单（仅允许列表中的应用）',
};

const APP_LIST_MAX = 500;

/** An Apple app in a restriction list: the bundle id is what the phone matches. */
export const appleAppEntry = z.object({
  app_name: text({ error: '请输入应用名称' }).trim().min(1, '请输入应用名称').max(50, '应用名称最多 50 个字符'),
  bundle_id: text({ error: '请输入 Bundle ID' })
    .trim()
    .max(155, 'Bundle ID 最多 155 个字符')
    .regex(APPLE_BUNDLE_ID_RE, 'Bundle ID 格式有误，如 com.tencent.xin'),
});
export type AppleAppEntry = z.infer<typeof appleAppEntry>;

/** appleAppList refuses the same bundle id twice: the phone would apply it once anyway. */
const appleAppList = <T extends z.ZodType<{ bundle_id: string }>>(entry: T) =>
  z
    .array(entry, { error: '应用列表格式有误' })
    .max(APP_LIST_MAX, `应用列表最多 ${APP_LIST_MAX} 个`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((app, i) => {
        if (seen.has(app.bundle_id)) ctx.addIssue({ code: 'custom', path: [i, 'bundle_id'], message: `重复的 Bundle ID：${app.bundle_id}` });
        seen.add(app.bundle_id);
      });
    });

/** PUT /api/store/default-system-restriction */
export const defaultSystemRestrictionRequest = z.object({ system_restriction: appleRestrictionMap });
export type DefaultSystemRestrictionRequest = z.infer<typeof defaultSystemRestrictionRequest>;

/** An Apple app restriction (store default or one phone's): spec §5, type 0-2 required when enabled. */
export const appleAppRestriction = z
  .object({
    enable: z.boolean({ error: '请选择是否开启应用限制' }),
    type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '应用限制类型应为 0（无）、1（黑名单）或 2（白名单）' }).optional(),
    list: appleAppList(appleAppEntry).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.enable && v.type === undefined) ctx.addIssue({ code: 'custom', path: ['type'], message: '开启应用限制时请选择限制类型' });
    if (v.enable && v.type === AppleAppRestrictionType.WHITELIST && v.list.length === 0)
      ctx.addIssue({ code: 'custom', path: ['list'], message: '白名单模式请至少添加一个应用' });
  })
  .transform((v) => ({ enable: v.enable, type: (v.type ?? 0) as AppleAppRestrictionType, list: v.list }));
export type AppleAppRestrictionInput = z.input<typeof appleAppRestriction>;
export type AppleAppRestriction = z.output<typeof appleAppRestriction>;

/** GET /api/store/default-restriction: the store's Apple defaults. */
export interface StoreDefaultRestriction {
  system_restriction: AppleRestrictionMap;
  app_restriction: AppleAppRestriction;
}

/** GET /api/device/ios/default-app-restriction?type=: with a type, the list only when the default is of that type. */
export const iosDefaultAppRestrictionQuery = z.object({
  type: z.coerce
    .number({ error: '应用限制类型有误' })
    .pipe(z.union([z.literal(1), z.literal(2)], { error: '应用限制类型应为 1（黑名单）或 2（白名单）' }))
    .optional(),
});

export interface IosDefaultAppRestriction extends AppleAppRestriction {
  /** The store's apps every phone allows whatever its own list says. */
  global_white_list: AppleWhiteListApp[];
}

/** An app of the store's Apple global white list. */
export const appleWhiteListApp = appleAppEntry.extend({
  icon: z.union([z.literal(''), text().pipe(z.url({ protocol: /^https?$/, error: '图标地址有误' }).max(500, '图标地址过长'))]).default(''),
});
export type AppleWhiteListApp = z.output<typeof appleWhiteListApp>;

/** PUT /api/user/apple-app-restriction-white-list: admin, confirmed with the caller's password. */
export const appleWhiteListRequest = z.object({
  password: sensitiveProof.shape.password,
  list: appleAppList(appleWhiteListApp),
});
export type AppleWhiteListRequest = z.input<typeof appleWhiteListRequest>;
export type AppleWhiteListUpdate = z.output<typeof appleWhiteListRequest>;

export interface AppleWhiteList {
  list: AppleWhiteListApp[];
}
