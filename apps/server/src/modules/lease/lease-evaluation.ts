import { and, eq, sql } from 'drizzle-orm';
import { type LeasePolicy, OperationStatus, formatFen } from '@lease/shared';
import type { AndroidLeaseOffline } from '@lease/shared/agent-protocol';
import { androidDevice } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { type PlanState, evaluatePlan } from './lease-rules.ts';
import type { LeasePlanRow, LeaseRepo, Tx } from './lease.repo.ts';
import { leaseAction, leasePlan } from './lease.table.ts';

/** The operation-log detail every automatic step carries; the log shows its actor as 系统（分期计划）. */
export const VIA_LEASE = { via: 'lease-plan' } as const;

/** Steps the evaluation takes itself, in its transaction: they only write rows. The rest wait for lease-steps.ts. */
const IN_TX_STEPS = new Set(['overdue', 'paid-off']);

export interface StoreTerms {
  policy: LeasePolicy;
  storeName: string;
  /** The phone hirers call: the policy's, else the store's lock-screen phone. */
  contactPhone: string;
  /** The store's modules: the plan's steps act with them, as the store. */
  modules: string[];
}

/** planPolicy is the store's policy with the plan's own fields over it. */
export const planPolicy = (store: LeasePolicy, plan: Pick<LeasePlanRow, 'policyOverride'>): LeasePolicy => ({ ...store, ...plan.policyOverride });

export const termsOf = (plan: LeasePlanRow, paidFen: number) => ({
  dueDates: plan.dueDates,
  amountFen: plan.amountFen,
  paidFen,
  promiseUntil: plan.promiseUntil,
  lockedForArrearsAt: plan.lockedForArrearsAt,
  releaseOffered: plan.releaseOfferedAt !== null,
});

/** lockMessage is the lock screen of a phone locked for arrears: what is owed and whom to call. */
export function lockMessage(state: Pick<PlanState, 'amountOverdueFen' | 'daysOverdue'>, store: StoreTerms): string {
  const call = store.contactPhone ? `，请联系门店还款：${store.contactPhone}` : '，请联系门店还款';
  return `您的分期租金已逾期 ${state.daysOverdue} 天，欠款 ${formatFen(state.amountOverdueFen)}${call}。还款后设备将自动解锁。`;
}

/** androidTerms is what the agent keeps offline (docs/android-agent-protocol.md, "Lease plan"). */
function androidTerms(state: PlanState, policy: LeasePolicy, store: StoreTerms): AndroidLeaseOffline | null {
  if (state.status === 'paid_off') return null;
  const notice =
    policy.android_notice && (state.status === 'due_soon' || state.status === 'overdue')
      ? {
          title: state.status === 'overdue' ? '分期租金已逾期' : '分期租金即将到期',
          text: `第 ${(state.openPeriod ?? 0) + 1} 期 ${formatFen(state.openPeriodDueFen)} 应于 ${state.nextDueDate} 还款${store.contactPhone ? `，门店电话 ${store.contactPhone}` : ''}`,
        }
      : null;
  return {
    paid_through: state.paidThrough,
    grace_days: policy.grace_days,
    // While a promise holds, the agent keeps the promise's date too: lockAt already counts it.
    lock_at: state.lockAt?.toISOString() ?? null,
    // The same words every day (no day count), so the terms change only when the plan does.
    lock_message: `您的分期租金（${state.nextDueDate} 到期，${formatFen(state.openPeriodDueFen)}）已逾期未还，请联系门店还款${store.contactPhone ? `：${store.contactPhone}` : ''}。还款后设备将自动解锁。`,
    lock_phone_number: /^1\d{10}$/.test(store.contactPhone) ? store.contactPhone : '',
    notice,
  };
}

export interface Evaluated {
  state: PlanState;
  /** Steps now waiting for lease-steps.ts. */
  queued: number;
  /** An Android agent whose terms changed: wake it after commit. */
  wakeAndroid: string | null;
}

/**
 * recordEvaluation evaluates a plan (its row locked by the caller) at `now`, stores the derived columns, records
 * each due step once (lease_action's unique key; a step already recorded is left as it is) and takes the steps
 * that only write rows (overdue, paid off) in the same transaction. Android terms go to the device's policy.
 */
export async function recordEvaluation(tx: Tx, repo: LeaseRepo, plan: LeasePlanRow, store: StoreTerms, now: Date): Promise<Evaluated> {
  const policy = planPolicy(store.policy, plan);
  const paidFen = await repo.paidFen(tx, plan.id);
  const state = evaluatePlan(termsOf(plan, paidFen), policy, now);
  let queued = 0;
  let releaseOffered = false;
  for (const step of state.steps) {
    const inTx = IN_TX_STEPS.has(step.step);
    const [row] = await tx
      .insert(leaseAction)
      .values({
        storeId: plan.storeId,
        planId: plan.id,
        periodIndex: step.periodIndex,
        step: step.step,
        stepKey: step.stepKey,
        status: inTx ? 'done' : 'pending',
        detail: step.detail,
        dateCreated: now,
        dateUpdated: now,
      })
      .onConflictDoNothing()
      .returning({ id: leaseAction.id });
    if (!row) continue;
    if (!inTx) {
      queued++;
      continue;
    }
    const offer = step.step === 'paid-off' && policy.release_on_payoff === 'offer';
    if (offer) releaseOffered = true;
    await tx.insert(operationLog).values({
      storeId: plan.storeId,
      clerkId: null,
      platform: plan.platform,
      deviceId: plan.deviceId,
      action: step.step === 'overdue' ? 'lease-overdue' : 'lease-paid-off',
      status: OperationStatus.DONE,
      detail: { ...VIA_LEASE, plan_id: plan.id, period: step.periodIndex + 1, ...step.detail },
      result: step.step === 'overdue' ? `第 ${step.periodIndex + 1} 期逾期未还` : offer ? '分期已结清，可一键释放设备' : '分期已结清',
    });
    await emitDeviceEvent(tx, {
      storeId: plan.storeId,
      type: step.step === 'overdue' ? 'lease.overdue' : 'lease.paid_off',
      platform: plan.platform,
      deviceId: plan.deviceId,
      data: { plan_id: plan.id, period: step.periodIndex + 1, ...step.detail },
    });
  }
  await tx
    .update(leasePlan)
    .set({
      paidFen,
      status: state.status,
      paidPeriods: state.paidPeriods,
      nextDueDate: state.nextDueDate,
      amountOverdueFen: state.amountOverdueFen,
      daysOverdue: state.daysOverdue,
      nextCheckAt: state.nextCheckAt,
      ...(releaseOffered ? { releaseOfferedAt: now } : {}),
    })
    .where(eq(leasePlan.id, plan.id));

  let wakeAndroid: string | null = null;
  if (plan.platform === 'android') {
    const terms = androidTerms(state, policy, store);
    const changed = await tx
      .update(androidDevice)
      .set({ leaseOffline: terms, policyVersion: sql`${androidDevice.policyVersion} + 1` })
      .where(and(eq(androidDevice.id, plan.deviceId), sql`${androidDevice.leaseOffline} is distinct from ${terms ? JSON.stringify(terms) : null}::jsonb`))
      .returning({ id: androidDevice.id });
    if (changed.length) wakeAndroid = plan.deviceId;
  }
  return { state, queued, wakeAndroid };
}
