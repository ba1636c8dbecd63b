import { z } from 'zod';
import { contactPhone, paging } from './common.ts';
import { isCalendarDate8, isoDateTime, text, uuid } from './safe-input.ts';

/*
 * Lease plans (分期计划): a phone's instalments, its payments ledger and the store's collection policy.
 * Money is integer 分 everywhere; days are the store's calendar days (YYYY-MM-DD in its time zone).
 */

export const LEASE_PLAN_STATUSES = ['current', 'due_soon', 'overdue', 'locked', 'paid_off'] as const;
export type LeasePlanStatus = (typeof LEASE_PLAN_STATUSES)[number];
export const leasePlanStatusLabel: Record<LeasePlanStatus, string> = {
  current: '正常',
  due_soon: '即将到期',
  overdue: '逾期宽限中',
  locked: '已欠费锁定',
  paid_off: '已结清',
};

export const LEASE_PERIODS = ['monthly', 'weekly', 'dates'] as const;
export type LeasePeriod = (typeof LEASE_PERIODS)[number];
export const leasePeriodLabel: Record<LeasePeriod, string> = { monthly: '每月', weekly: '每周', dates: '指定日期' };

export const PAYMENT_METHODS = ['cash', 'wechat', 'alipay', 'bank', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabel: Record<PaymentMethod, string> = { cash: '现金', wechat: '微信', alipay: '支付宝', bank: '银行转账', other: '其他' };

/** Where a ledger row came from: a clerk, the store's ERP, a CSV import, or a clerk's correction. */
export const LEDGER_SOURCES = ['console', 'open-api', 'csv', 'correction'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];
export const ledgerSourceLabel: Record<LedgerSource, string> = { console: '控制台', 'open-api': '开放接口', csv: 'CSV 导入', correction: '更正' };

export const RELEASE_ON_PAYOFF = ['offer', 'auto'] as const;
export type ReleaseOnPayoff = (typeof RELEASE_ON_PAYOFF)[number];
export const releaseOnPayoffLabel: Record<ReleaseOnPayoff, string> = { offer: '提示店员一键释放', auto: '自动释放设备' };

/** The automatic steps of a plan, one per (plan, period, step) at most. */
export const LEASE_STEPS = ['remind', 'overdue', 'lock', 'unlock', 'promise-relock', 'paid-off', 'release'] as const;
export type LeaseStep = (typeof LEASE_STEPS)[number];
export const leaseStepLabel: Record<LeaseStep, string> = {
  remind: '还款提醒',
  overdue: '逾期',
  lock: '欠费自动锁定',
  unlock: '还款后自动解锁',
  'promise-relock': '承诺到期未还，自动锁定',
  'paid-off': '已结清',
  release: '结清后自动释放',
};

export const LEASE_ACTION_STATUSES = ['pending', 'sending', 'done', 'failed', 'skipped', 'unknown'] as const;
export type LeaseActionStatus = (typeof LEASE_ACTION_STATUSES)[number];
export const leaseActionStatusLabel: Record<LeaseActionStatus, string> = {
  pending: '待执行',
  sending: '发送中',
  done: '已完成',
  failed: '失败',
  skipped: '已跳过',
  unknown: '结果未知',
};

/** The actor the operation log names for every automatic step of a plan. */
export const LEASE_ACTOR = '系统（分期计划）';

/** Money in 分: a whole, non-negative number no bigger than ten million 元 (a phone lease never comes near). */
const MAX_FEN = 1_000_000_000;
const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}应为整数（单位：分）` })
    .int(`${label}应为整数（单位：分）`)
    .min(0, `${label}不能为负数`)
    .max(MAX_FEN, `${label}过大`);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const dayMessage = '日期格式应为 YYYY-MM-DD，如 2026-01-31';
/** isDay says whether `YYYY-MM-DD` names a day that exists. */
export const isDay = (value: string) => DAY_RE.test(value) && isCalendarDate8(value.replaceAll('-', ''));
/** A calendar day as the lease calls take it: YYYY-MM-DD. */
export const day = text({ error: dayMessage }).trim().regex(DAY_RE, dayMessage).refine(isDay, dayMessage);

export const leasePlatform = z.enum(['ios', 'android'], { error: '平台只能是 ios 或 android' });

/** The policy a plan may override: null fields follow the store. */
export const leasePolicyFields = z.object({
  /** Days before a due date on which the hirer is reminded; 0 is the due day itself. */
  remind_days: z
    .array(z.coerce.number().int('提醒天数应为整数').min(0, '提醒天数不能为负数').max(30, '提醒最多提前 30 天'), { error: '提醒天数有误' })
    .max(5, '最多设置 5 个提醒日')
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  sms_reminder: z.boolean({ error: '短信提醒开关有误' }),
  android_notice: z.boolean({ error: 'Android 通知开关有误' }),
  grace_days: z.coerce.number({ error: '宽限天数应为整数' }).int('宽限天数应为整数').min(0, '宽限天数不能为负数').max(60, '宽限天数最多 60 天'),
  lock_on_overdue: z.boolean({ error: '逾期锁定开关有误' }),
  unlock_on_payment: z.boolean({ error: '还款解锁开关有误' }),
  release_on_payoff: z.enum(RELEASE_ON_PAYOFF, { error: '结清后的处理方式有误' }),
  /** The hour (store time) reminders and arrears locks go out. */
  action_hour: z.coerce.number({ error: '执行时间有误' }).int('执行时间有误').min(0, '执行时间有误').max(23, '执行时间有误'),
  /** The phone on the lock screen and in reminders; '' uses the store's lock-screen phone. */
  contact_phone: contactPhone,
});
export type LeasePolicyFields = z.infer<typeof leasePolicyFields>;

export const leasePolicyRequest = leasePolicyFields.extend({
  time_zone: text({ error: '时区有误' }).trim().refine(isTimeZone, '时区有误，如 Asia/Shanghai'),
});
export type LeasePolicyRequest = z.input<typeof leasePolicyRequest>;
export type LeasePolicy = z.infer<typeof leasePolicyRequest>;

export const DEFAULT_LEASE_POLICY: LeasePolicy = {
  remind_days: [3, 0],
  sms_reminder: true,
  android_notice: true,
  grace_days: 3,
  lock_on_overdue: true,
  unlock_on_payment: true,
  release_on_payoff: 'offer',
  action_hour: 9,
  contact_phone: '',
  time_zone: 'Asia/Shanghai',
};

/** isTimeZone says whether Intl knows the IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const planShape = {
  start_date: day,
  periods: z.coerce.number({ error: '期数应为整数' }).int('期数应为整数').min(1, '期数至少 1 期').max(120, '期数最多 120 期'),
  period: z.enum(LEASE_PERIODS, { error: '还款周期只能是 monthly、weekly 或 dates' }),
  day_of_month: z.coerce
    .number({ error: '每月还款日应为 1-31' })
    .int('每月还款日应为 1-31')
    .min(1, '每月还款日应为 1-31')
    .max(31, '每月还款日应为 1-31')
    .nullish(),
  due_dates: z.array(day, { error: '还款日期有误' }).max(120, '还款日期最多 120 个').nullish(),
  amount_fen: fen('每期金额').refine((v) => v > 0, '每期金额应大于 0'),
  deposit_fen: fen('押金').default(0),
  grace_days: z.coerce.number({ error: '宽限天数应为整数' }).int('宽限天数应为整数').min(0, '宽限天数不能为负数').max(60, '宽限天数最多 60 天').nullish(),
  /** Per-plan policy; absent fields follow the store. */
  policy: leasePolicyFields.partial().nullish(),
  remark: text().trim().max(200, '备注最多 200 字').default(''),
};

/** The period's own rules: monthly needs its day, dates needs one date per period in order. */
const planRules = <T extends { period?: LeasePeriod; periods?: number; day_of_month?: number | null; due_dates?: string[] | null; start_date?: string }>(
  p: T,
  ctx: z.RefinementCtx,
) => {
  if (p.period === 'dates') {
    const dates = p.due_dates ?? [];
    if (dates.length !== p.periods) ctx.addIssue({ code: 'custom', path: ['due_dates'], message: '指定日期的个数应与期数相同' });
    if (dates.some((d, i) => i > 0 && d <= dates[i - 1])) ctx.addIssue({ code: 'custom', path: ['due_dates'], message: '还款日期应从早到晚排列且不重复' });
    if (p.start_date && dates[0] && dates[0] < p.start_date) ctx.addIssue({ code: 'custom', path: ['due_dates'], message: '还款日期不能早于起租日' });
  }
};

export const leasePlanCreateRequest = z.object({ device_id: uuid, platform: leasePlatform, ...planShape }).superRefine(planRules);
export type LeasePlanCreateRequest = z.input<typeof leasePlanCreateRequest>;

/** Changing a plan: the schedule and the amounts; the ledger stays as it is. */
export const leasePlanUpdateRequest = z.object(planShape).superRefine(planRules);
export type LeasePlanUpdateRequest = z.input<typeof leasePlanUpdateRequest>;

export const leasePlanListQuery = paging.extend({
  status: z.enum(LEASE_PLAN_STATUSES, { error: '状态有误' }).optional(),
  /** The collections view: due_soon, overdue and locked together. */
  collections: z.enum(['1', '0'], { error: '参数有误' }).optional(),
  platform: leasePlatform.optional(),
  /** Serial, IMEI, hirer name or phone. */
  keyword: text().trim().max(64, '关键词最多 64 个字符').optional(),
  min_days_overdue: z.coerce.number({ error: '逾期天数有误' }).int('逾期天数有误').min(0, '逾期天数有误').max(3650, '逾期天数有误').optional(),
  sort: z.enum(['days_overdue', 'amount_overdue', 'next_due_date'], { error: '排序方式有误' }).optional(),
});
export type LeasePlanListQuery = z.infer<typeof leasePlanListQuery>;

export const paymentRequest = z.object({
  amount_fen: fen('还款金额').refine((v) => v > 0, '还款金额应大于 0'),
  method: z.enum(PAYMENT_METHODS, { error: '支付方式只能是 cash、wechat、alipay、bank 或 other' }),
  reference: text().trim().max(64, '流水号最多 64 个字符').default(''),
  /** When the hirer paid; defaults to now. */
  paid_at: isoDateTime.optional(),
  note: text().trim().max(200, '备注最多 200 字').default(''),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

/** A correction: a signed amount (a refund or a mistyped payment reversed) with its reason. Never an edit. */
export const correctionRequest = z.object({
  amount_fen: z.coerce
    .number({ error: '更正金额应为整数（单位：分）' })
    .int('更正金额应为整数（单位：分）')
    .min(-MAX_FEN, '更正金额过大')
    .max(MAX_FEN, '更正金额过大')
    .refine((v) => v !== 0, '更正金额不能为 0'),
  reason: text({ error: '请填写更正原因' }).trim().min(2, '请填写更正原因').max(200, '更正原因最多 200 字'),
});
export type CorrectionRequest = z.input<typeof correctionRequest>;

export const promiseRequest = z.object({
  until: day,
  note: text().trim().max(200, '备注最多 200 字').default(''),
});
export type PromiseRequest = z.input<typeof promiseRequest>;

export const contactNoteRequest = z.object({
  note: text({ error: '请填写联系记录' }).trim().min(1, '请填写联系记录').max(200, '联系记录最多 200 字'),
});
export type ContactNoteRequest = z.input<typeof contactNoteRequest>;

/** Acting on a filtered selection of the collections view: the plan ids, at most a page's worth at a time. */
export const leaseBatchRequest = z.object({
  plan_ids: z.array(uuid, { error: '请选择计划' }).min(1, '请选择计划').max(200, '一次最多 200 个计划'),
  action: z.enum(['remind', 'lock'], { error: '批量操作只能是提醒或锁定' }),
});
export type LeaseBatchRequest = z.input<typeof leaseBatchRequest>;

/** One CSV import: the file's text (UTF-8, with or without BOM). Columns in docs/lease-plans.md. */
export const paymentImportRequest = z.object({
  csv: text({ error: '请上传 CSV 文件' }).min(1, '请上传 CSV 文件').max(1_000_000, 'CSV 文件不能超过 1 MB'),
  /** true: check every row and change nothing. */
  dry_run: z.boolean().default(false),
});
export type PaymentImportRequest = z.input<typeof paymentImportRequest>;

export interface PaymentImportRow {
  line: number;
  ok: boolean;
  message: string;
  plan_id: string | null;
  amount_fen: number | null;
}
export interface PaymentImportResult {
  applied: boolean;
  rows: PaymentImportRow[];
}

export interface LeaseScheduleItem {
  index: number;
  due_date: string;
  amount_fen: number;
  paid_fen: number;
  state: 'paid' | 'partial' | 'unpaid';
}

export interface LeaseLedgerItem {
  id: string;
  source: LedgerSource;
  amount_fen: number;
  method: PaymentMethod | null;
  reference: string;
  note: string;
  paid_at: string;
  clerk_name: string | null;
  date_created: string;
}

export interface LeaseActionItem {
  id: string;
  period_index: number;
  step: LeaseStep;
  status: LeaseActionStatus;
  detail: Record<string, unknown>;
  date_created: string;
  date_updated: string;
}

export interface LeasePlanItem {
  id: string;
  platform: 'ios' | 'android';
  device_id: string;
  device_label: string;
  serial_number: string;
  hirer_name: string;
  /** Masked (138****1234); the full number is a logged view on the device page. */
  hirer_phone_masked: string;
  start_date: string;
  periods: number;
  period: LeasePeriod;
  day_of_month: number | null;
  amount_fen: number;
  deposit_fen: number;
  total_fen: number;
  paid_fen: number;
  grace_days: number;
  status: LeasePlanStatus;
  paid_periods: number;
  next_due_date: string | null;
  /** The last day the hirer is paid for (the day before the first unpaid due date); null when nothing is due yet. */
  paid_through: string | null;
  amount_overdue_fen: number;
  days_overdue: number;
  promise_until: string | null;
  lock_status: number;
  locked_for_arrears: boolean;
  release_offered: boolean;
  last_reminder_at: string | null;
  last_contact_note: string;
  last_contact_at: string | null;
  remark: string;
  date_created: string;
}

export interface LeasePlanDetail extends LeasePlanItem {
  due_dates: string[];
  policy: LeasePolicy;
  /** The fields the plan sets itself; the rest follow the store. */
  policy_override: Partial<LeasePolicyFields>;
  schedule: LeaseScheduleItem[];
  ledger: LeaseLedgerItem[];
  actions: LeaseActionItem[];
}

export interface LeaseSummary {
  overdue_count: number;
  overdue_fen: number;
  locked_count: number;
  due_soon_count: number;
  collected_this_month_fen: number;
  /** Collections per week (Monday, store time), oldest first, the last 12 weeks. */
  weekly: { week_start: string; amount_fen: number }[];
}

// formatFen lives apart from the schemas: a page that shows an amount then loads no zod (web's home, ~21 KB brotli).
export { formatFen } from '../money.ts';
