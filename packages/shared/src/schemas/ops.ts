import { z } from 'zod';
import { ALL_MODULES, type Module } from '../modules.ts';
import { newPassword, paging, password, phoneNumber } from './common.ts';
import { text, uuid } from './safe-input.ts';

/** Operator console (/ops): the platform's own staff, apart from store clerks. */

const totpCode = text({ error: '请输入 6 位动态验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位动态验证码');

export const opsLoginRequest = z.object({
  phone: phoneNumber,
  password,
  /** Required once the operator has enrolled TOTP; empty for the first sign-in with the one-time password. */
  totp: z.union([z.literal(''), totpCode]).optional(),
});
export type OpsLoginRequest = z.infer<typeof opsLoginRequest>;

export const opsChangePasswordRequest = z.object({ old_password: password, new_password: newPassword });
export const opsTotpConfirmRequest = z.object({ code: totpCode });

export interface OpsMe {
  id: string;
  name: string;
  phone: string;
  /** What the sign-in still needs before the console opens: a new password, then TOTP enrolment. */
  must_change_password: boolean;
  totp_enrolled: boolean;
  /** True once this session proved TOTP; with a changed password it may use every operator call. */
  ready: boolean;
}

export interface OpsTotpEnrolment {
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code (SVG data URL) for an authenticator app. */
  qr_data_url: string;
}

const moduleEnum = z.enum(ALL_MODULES as [Module, ...Module[]], { error: '未知的功能模块' });

export const opsStoreListQuery = paging.extend({
  keyword: text().trim().max(50).optional(),
  status: z.enum(['all', 'active', 'disabled']).default('all'),
});
export type OpsStoreListQuery = z.infer<typeof opsStoreListQuery>;

export const opsStoreIdParams = z.object({ id: uuid });

export interface OpsStoreItem {
  id: string;
  store_name: string;
  admin_name: string | null;
  admin_phone: string | null;
  date_created: string;
  device_count: number;
  used_device_count: number;
  rcs_count: number;
  used_rcs_count: number;
  discount_rate: string;
  modules: Module[];
  balance_fen: number;
  disabled: boolean;
  disabled_at: string | null;
  is_demo: boolean;
}

export interface OpsLedgerEntry {
  id: string;
  kind: string;
  amount_fen: number;
  reason: string;
  date_created: string;
}

export interface OpsStoreDetail extends OpsStoreItem {
  ledger: OpsLedgerEntry[];
}

/** discount_rate: 0.1-1.0 with at most two decimals (the store's report price multiplier). */
const discountRate = z
  .number({ error: '折扣率应为 0.1 到 1.0 之间的数字' })
  .min(0.1, '折扣率不能低于 0.1')
  .max(1, '折扣率不能高于 1.0')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9, '折扣率最多两位小数');

export const opsStoreUpdateRequest = z
  .object({
    device_count: z
      .number({ error: '设备名额应为整数' })
      .int('设备名额应为整数')
      .min(0, '设备名额不能为负数')
      .max(1_000_000, '设备名额不能超过 1000000')
      .optional(),
    modules: z.array(moduleEnum).max(ALL_MODULES.length).optional(),
    rcs_count: z.number({ error: 'RCS 次数应为整数' }).int('RCS 次数应为整数').min(0, 'RCS 次数不能为负数').max(10_000_000, 'RCS 次数过大').optional(),
    discount_rate: discountRate.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), '请至少修改一项');
export type OpsStoreUpdateRequest = z.infer<typeof opsStoreUpdateRequest>;

export const opsBalanceRequest = z
  .object({
    /** top_up adds money (a positive amount); correction fixes a mistake (either sign, never to below zero). */
    kind: z.enum(['top_up', 'correction']),
    amount_fen: z
      .number({ error: '金额应为整数（分）' })
      .int('金额应为整数（分）')
      .min(-100_000_000, '金额过大')
      .max(100_000_000, '金额过大')
      .refine((v) => v !== 0, '金额不能为 0'),
    reason: text({ error: '请填写原因' }).trim().min(2, '请填写原因（至少 2 个字）').max(200, '原因不能超过 200 个字'),
  })
  .refine((v) => v.kind !== 'top_up' || v.amount_fen > 0, { message: '充值金额应为正数', path: ['amount_fen'] });
export type OpsBalanceRequest = z.infer<typeof opsBalanceRequest>;

export interface OpsBalanceResult {
  balance_fen: number;
  /** False when the Idempotency-Key had been used already: nothing was credited again. */
  applied: boolean;
}

export const opsStoreCreateRequest = z.object({
  store_name: text({ error: '请输入门店名称' }).trim().min(1, '请输入门店名称').max(50, '门店名称不能超过 50 个字'),
  admin_name: text({ error: '请输入管理员姓名' }).trim().min(1, '请输入管理员姓名').max(20, '管理员姓名不能超过 20 个字'),
  admin_phone: phoneNumber,
  /** sms: the admin is told by text to set a password through 忘记密码; password: a one-time password shown once here. */
  delivery: z.enum(['sms', 'password']),
  device_count: z.number().int().min(0).max(1_000_000).optional(),
  modules: z.array(moduleEnum).max(ALL_MODULES.length).optional(),
});
export type OpsStoreCreateRequest = z.infer<typeof opsStoreCreateRequest>;

export interface OpsStoreCreateResult {
  id: string;
  /** Only with delivery `password`: shown once, never stored in clear. */
  one_time_password: string | null;
}

export interface OpsSettings {
  self_registration: boolean;
}
export const opsSettingsRequest = z.object({ self_registration: z.boolean({ error: '请选择是否开放自助注册' }) });

export const opsAuditQuery = paging.extend({
  keyword: text().trim().max(50).optional(),
});

export interface OpsAuditItem {
  id: number;
  operator_name: string;
  action: string;
  action_label: string;
  target_type: string;
  target_id: string;
  /** The target's name as it is now (a store's name), null when it has none or is gone. */
  target_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  date_created: string;
}

/**
 * Answer of GET /api/ops/audit/verify: the audit log's hash chain holds (`head_hash` is the newest row's
 * hash, worth noting down: a later check that ends elsewhere shows rows removed from the end), or the first
 * row that does not: `content` changed, or `link` broken (a row before it was deleted or slipped in).
 */
export type OpsAuditVerifyResult =
  | { ok: true; total: number; head_hash: string | null }
  | { ok: false; position: number; id: number; reason: 'content' | 'link' };

/** opsActionLabel names each audited action in Chinese for /ops/audit. */
export const opsActionLabel: Record<string, string> = {
  'operator.create': '创建运营账号',
  'operator.password': '修改运营账号密码',
  'operator.totp': '绑定动态验证码',
  'store.create': '创建门店',
  'store.update': '修改门店配置',
  'store.balance': '报告余额充值/更正',
  'store.disable': '停用门店',
  'store.enable': '启用门店',
  'settings.update': '修改平台设置',
  'push-cert.csr': '生成推送证书请求（CSR）',
  'push-cert.vendor-sign': '用供应商证书签名推送证书请求',
  'push-cert.install': '安装/续期 MDM 推送证书',
};
