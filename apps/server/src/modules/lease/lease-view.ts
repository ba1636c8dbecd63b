import {
  type LeaseActionItem,
  type LeaseLedgerItem,
  type LeasePlanDetail,
  type LeasePlanItem,
  type LeasePolicy,
  type LeaseStep,
  maskPhone,
} from '@lease/shared';
import { deviceModelLabel } from '../../domain/device-model.ts';
import type { PlanState } from './lease-rules.ts';
import type { LeaseRepo, PlanWithDevice } from './lease.repo.ts';
import { addDays } from './lease-calendar.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** toPlanItem is a plan as lists show it, from the columns the last evaluation cached. */
export function toPlanItem(r: PlanWithDevice): LeasePlanItem {
  const p = r.plan;
  return {
    id: p.id,
    platform: p.platform,
    device_id: p.deviceId,
    device_label: deviceModelLabel(p.platform, r.model, r.maker),
    serial_number: r.serialNumber,
    hirer_name: r.hirerName,
    hirer_phone_masked: r.hirerPhone ? maskPhone(r.hirerPhone) : '',
    start_date: p.startDate,
    periods: p.periods,
    period: p.period,
    day_of_month: p.dayOfMonth,
    amount_fen: p.amountFen,
    deposit_fen: p.depositFen,
    total_fen: p.amountFen * p.periods,
    paid_fen: p.paidFen,
    grace_days: 0,
    status: p.status,
    paid_periods: p.paidPeriods,
    next_due_date: p.nextDueDate,
    paid_through: p.nextDueDate ? addDays(p.nextDueDate, -1) : (p.dueDates.at(-1) ?? null),
    amount_overdue_fen: p.amountOverdueFen,
    days_overdue: p.daysOverdue,
    promise_until: p.promiseUntil,
    lock_status: r.lockStatus,
    locked_for_arrears: p.lockedForArrearsAt !== null,
    release_offered: p.releaseOfferedAt !== null,
    last_reminder_at: iso(p.lastReminderAt),
    last_contact_note: p.lastContactNote,
    last_contact_at: iso(p.lastContactAt),
    remark: p.remark,
    date_created: p.dateCreated.toISOString(),
  };
}

/** toPlanDetail adds the schedule, the ledger and the automatic steps, with the state as of now. */
export async function toPlanDetail(repo: LeaseRepo, r: PlanWithDevice, policy: LeasePolicy, state: PlanState): Promise<LeasePlanDetail> {
  const [ledger, actions] = await Promise.all([repo.ledger(r.plan.id), repo.actions(r.plan.id)]);
  const item = toPlanItem(r);
  return {
    ...item,
    grace_days: policy.grace_days,
    status: state.status,
    paid_periods: state.paidPeriods,
    next_due_date: state.nextDueDate,
    paid_through: state.paidThrough,
    amount_overdue_fen: state.amountOverdueFen,
    days_overdue: state.daysOverdue,
    due_dates: r.plan.dueDates,
    policy,
    policy_override: r.plan.policyOverride,
    schedule: state.schedule,
    ledger: ledger.map(
      ({ row, clerkName }): LeaseLedgerItem => ({
        id: row.id,
        source: row.source,
        amount_fen: row.amountFen,
        method: row.method,
        reference: row.reference,
        note: row.note,
        paid_at: row.paidAt.toISOString(),
        clerk_name: clerkName ?? (row.source === 'open-api' ? '开放接口' : null),
        date_created: row.dateCreated.toISOString(),
      }),
    ),
    actions: actions.map(
      (a): LeaseActionItem => ({
        id: a.id,
        period_index: a.periodIndex,
        step: a.step as LeaseStep,
        status: a.status as LeaseActionItem['status'],
        detail: a.detail,
        date_created: a.dateCreated.toISOString(),
        date_updated: a.dateUpdated.toISOString(),
      }),
    ),
  };
}
