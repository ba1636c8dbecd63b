import type { LeasePeriod, LeasePlanDetail, LeasePlanUpdateRequest, LeasePolicyFields, ReleaseOnPayoff } from '@lease/shared';
import type { Dayjs } from 'dayjs';
import { fenOf, fenToYuanText } from '../../../lib/money.ts';
import { dayjs } from '../../../lib/time.ts';

const DAY = 'YYYY-MM-DD';

/** The policy fields a plan may set for itself in its dialog; unset follows the store. grace_days has its own field. */
export interface OverrideValues {
  remind_days?: number[];
  sms_reminder?: boolean;
  android_notice?: boolean;
  lock_on_overdue?: boolean;
  unlock_on_payment?: boolean;
  release_on_payoff?: ReleaseOnPayoff;
  contact_phone?: string;
}

export interface PlanFormValues {
  start_date: Dayjs;
  periods?: number;
  period: LeasePeriod;
  day_of_month?: number | null;
  due_dates?: Dayjs[] | null;
  amount: string;
  deposit?: string;
  grace_days?: number | null;
  remark?: string;
  override?: OverrideValues;
}

const OVERRIDE_KEYS = ['remind_days', 'sms_reminder', 'android_notice', 'lock_on_overdue', 'unlock_on_payment', 'release_on_payoff', 'contact_phone'] as const;

/** overridesOf keeps the per-plan settings the clerk set; none at all is null (the plan follows the store). */
function overridesOf(v: OverrideValues | undefined): Partial<LeasePolicyFields> | null {
  const out: Record<string, unknown> = {};
  for (const key of OVERRIDE_KEYS) {
    const value = v?.[key];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (key === 'contact_phone' && typeof value === 'string' && !value.trim()) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return Object.keys(out).length ? (out as Partial<LeasePolicyFields>) : null;
}

/**
 * planBody turns the plan dialog into the request: money as whole 分, days as YYYY-MM-DD, the day of month only for
 * a monthly plan, and for 'dates' the dates in order with the periods counted from them.
 */
export function planBody(v: PlanFormValues): LeasePlanUpdateRequest {
  const dates = v.period === 'dates' ? [...(v.due_dates ?? [])].map((d) => d.format(DAY)).sort() : null;
  return {
    start_date: v.start_date.format(DAY),
    periods: dates ? dates.length : (v.periods ?? 0),
    period: v.period,
    day_of_month: v.period === 'monthly' ? (v.day_of_month ?? v.start_date.date()) : null,
    due_dates: dates,
    amount_fen: fenOf(v.amount),
    deposit_fen: fenOf(v.deposit),
    grace_days: v.grace_days ?? null,
    policy: overridesOf(v.override),
    remark: v.remark?.trim() ?? '',
  };
}

/** planValues fills the dialog from a plan, to change it. */
export function planValues(p: LeasePlanDetail): PlanFormValues {
  const o = p.policy_override;
  return {
    start_date: dayjs(p.start_date),
    periods: p.periods,
    period: p.period,
    day_of_month: p.day_of_month,
    due_dates: p.period === 'dates' ? p.due_dates.map((d) => dayjs(d)) : null,
    amount: fenToYuanText(p.amount_fen),
    deposit: p.deposit_fen ? fenToYuanText(p.deposit_fen) : '',
    grace_days: o.grace_days ?? p.grace_days,
    remark: p.remark,
    override: {
      remind_days: o.remind_days,
      sms_reminder: o.sms_reminder,
      android_notice: o.android_notice,
      lock_on_overdue: o.lock_on_overdue,
      unlock_on_payment: o.unlock_on_payment,
      release_on_payoff: o.release_on_payoff,
      contact_phone: o.contact_phone,
    },
  };
}

/** newPlanValues are a new plan's starting values: today, 12 monthly periods on today's day of the month. */
export const newPlanValues = (): Partial<PlanFormValues> => ({
  start_date: dayjs().startOf('day'),
  periods: 12,
  period: 'monthly',
  day_of_month: dayjs().date(),
});

/** willLockText is the question asked before creating a plan that locks the phone at once. */
export const willLockText = (days: number, owedText: string) => `该租机人已逾期 ${days} 天，欠款 ${owedText}，创建后设备将立即被锁定，确定创建？`;
