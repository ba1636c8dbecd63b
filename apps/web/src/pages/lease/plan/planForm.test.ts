import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/time.ts';
import { planBody, planValues, willLockText } from './planForm.ts';
import type { LeasePlanDetail } from '@lease/shared';

describe('planBody', () => {
  it('sends a monthly plan in 分 with its day of month and no dates', () => {
    expect(planBody({ start_date: dayjs('2026-03-15'), periods: 12, period: 'monthly', amount: '299.9', deposit: '', override: {} })).toEqual({
      start_date: '2026-03-15',
      periods: 12,
      period: 'monthly',
      day_of_month: 15,
      due_dates: null,
      amount_fen: 29990,
      deposit_fen: 0,
      grace_days: null,
      policy: null,
      remark: '',
    });
  });

  it('sorts explicit dates and counts the periods from them; keeps only the overrides set', () => {
    const body = planBody({
      start_date: dayjs('2026-03-01'),
      periods: 99,
      period: 'dates',
      day_of_month: 5,
      due_dates: [dayjs('2026-05-01'), dayjs('2026-04-01')],
      amount: '1000',
      deposit: '0.01',
      grace_days: 0,
      override: { remind_days: [], lock_on_overdue: false, contact_phone: ' ', release_on_payoff: 'auto' },
      remark: ' 老客户 ',
    });
    expect(body).toMatchObject({
      periods: 2,
      day_of_month: null,
      due_dates: ['2026-04-01', '2026-05-01'],
      amount_fen: 100000,
      deposit_fen: 1,
      grace_days: 0,
      policy: { lock_on_overdue: false, release_on_payoff: 'auto' },
      remark: '老客户',
    });
  });

  it('reads back a plan it can send unchanged', () => {
    const plan = {
      start_date: '2026-01-10',
      periods: 6,
      period: 'weekly',
      day_of_month: null,
      due_dates: [],
      amount_fen: 12345,
      deposit_fen: 0,
      grace_days: 3,
      remark: '',
      policy_override: { sms_reminder: false },
    } as unknown as LeasePlanDetail;
    expect(planBody(planValues(plan))).toEqual({
      start_date: '2026-01-10',
      periods: 6,
      period: 'weekly',
      day_of_month: null,
      due_dates: null,
      amount_fen: 12345,
      deposit_fen: 0,
      grace_days: 3,
      policy: { sms_reminder: false },
      remark: '',
    });
  });

  it('asks before a plan that locks at once', () => {
    expect(willLockText(12, '¥600.00')).toBe('该租机人已逾期 12 天，欠款 ¥600.00，创建后设备将立即被锁定，确定创建？');
  });
});
