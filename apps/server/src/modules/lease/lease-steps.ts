import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { type LeasePolicy, OperationStatus, Perm, formatFen } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { type AuthContext, SYSTEM_SESSION } from '../../http/authz.ts';
import { type StoreTerms, VIA_LEASE, lockMessage, planPolicy, termsOf } from './lease-evaluation.ts';
import { type PlanState, evaluatePlan } from './lease-rules.ts';
import type { LeasePlanRow, LeaseRepo, Tx } from './lease.repo.ts';
import { leaseAction, leasePlan } from './lease.table.ts';

/** What the plan does to a phone, through the same services as a clerk (lock-intent, Lost Mode, the agent). */
export interface LeaseDevicePort {
  lock(actor: AuthContext, plan: LeasePlanRow, content: { message: string; phone_number: string }, key: string): Promise<{ operation_log_id: string }>;
  unlock(actor: AuthContext, plan: LeasePlanRow, key: string): Promise<{ operation_log_id: string }>;
  /** Lets the phone go at pay-off (the store's opt-in): Apple one-click unlock, Android 解除监管. */
  release(actor: AuthContext, plan: LeasePlanRow, key: string): Promise<{ operation_log_id: string }>;
  wakeAndroid(deviceIds: string[]): void;
}

/** ReminderText is one reminder to a hirer; `sent` false when no text could go (no gateway template, no phone). */
export type SendReminder = (
  to: { phone: string; name: string },
  text: { content: string; params: Record<string, string> },
) => Promise<{ sent: boolean; note: string }>;

export interface LeaseStepsDeps {
  db: Db;
  repo: LeaseRepo;
  devices: LeaseDevicePort;
  sendReminder: SendReminder;
  /** The store's terms, read in `tx` when given (PGlite has one connection: never read beside an open transaction). */
  storeTerms(storeId: string, tx?: Tx): Promise<StoreTerms | null>;
  now(): Date;
}

type ActionRow = typeof leaseAction.$inferSelect;

/** What a step came to; `log` is an operation-log row finish writes with the step's status. */
interface Outcome {
  ok: boolean;
  result: string;
  operationLogId?: string;
  detail?: Record<string, unknown>;
  log?: { action: string; detail: Record<string, unknown>; result: string };
}

/** A reminder left 'sending' this long (a crash mid-send) is 'unknown', never sent again: a hirer gets at most one text. */
const SEND_UNKNOWN_AFTER_MS = 10 * 60_000;
/** A lock, unlock or release left 'sending' this long is tried again: its Idempotency-Key makes the retry a replay. */
const RETRY_AFTER_MS = 2 * 60_000;

/** actorFor is the AuthContext automatic steps act with: the whole store, no clerk (the log names 系统（分期计划）). */
export const actorFor = (storeId: string, modules: string[] = []): AuthContext => ({
  clerkId: null as unknown as string,
  storeId,
  sessionId: SYSTEM_SESSION,
  isAdmin: true,
  perms: [Perm.ADMIN],
  modules,
});

const MANUAL = 'manual:';

/**
 * stillDue says whether a recorded step is still right at `now`: a payment, a promise or a correction since it
 * was recorded may have made it wrong (a lock for a plan now paid is skipped, never sent). A clerk's own step
 * (manual) needs only that the plan still owes.
 */
function stillDue(action: ActionRow, state: PlanState, plan: LeasePlanRow): boolean {
  if (action.stepKey.startsWith(MANUAL)) {
    if (action.step === 'remind') return state.openPeriod !== null;
    if (action.step === 'lock') return state.amountOverdueFen > 0 && !plan.lockedForArrearsAt;
    return false;
  }
  return state.steps.some((s) => s.step === action.step && s.stepKey === action.stepKey && s.periodIndex === action.periodIndex);
}

/**
 * asBeforeClaim is the plan as it stood before `action` was first claimed. A step claimed, then left 'sending' by
 * a crash, set the plan's lock flag itself (a lock sets it, an unlock clears it); judged against that flag it
 * would look already taken and be skipped, though the phone may never have heard of it.
 */
function asBeforeClaim(plan: LeasePlanRow, action: ActionRow): LeasePlanRow {
  if (action.attempts === 0) return plan;
  if (action.step === 'lock' || action.step === 'promise-relock') return { ...plan, lockedForArrearsAt: null };
  // An unlock's key is the time of the lock it lifts.
  if (action.step === 'unlock' && !action.stepKey.startsWith(MANUAL)) return { ...plan, lockedForArrearsAt: new Date(action.stepKey) };
  return plan;
}

/**
 * createLeaseSteps runs the recorded steps that reach outside the database (texts, locks, unlocks, release).
 * Each is claimed with SKIP LOCKED and marked 'sending' in a committed transaction before it acts, so two server
 * processes never take one step, and a plan's steps run one at a time in the order they were recorded.
 */
export function createLeaseSteps(deps: LeaseStepsDeps) {
  const { db, repo } = deps;

  /** claim takes the oldest pending step (of one plan, or any), re-checks it against the plan now, and marks it. */
  async function claim(
    planId?: string,
  ): Promise<{ action: ActionRow; plan: LeasePlanRow; state: PlanState; store: StoreTerms; policy: LeasePolicy } | 'none' | 'skipped'> {
    return db.transaction(async (tx) => {
      const [action] = await tx
        .select()
        .from(leaseAction)
        .where(
          and(
            eq(leaseAction.status, 'pending'),
            planId ? eq(leaseAction.planId, planId) : undefined,
            sql`not exists (select 1 from lease_action b where b.plan_id = ${leaseAction.planId} and b.status = 'sending')`,
          ),
        )
        .orderBy(asc(leaseAction.dateCreated), asc(leaseAction.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!action) return 'none';
      const plan = await repo.lockPlan(tx, action.planId);
      const store = plan ? await deps.storeTerms(plan.storeId, tx) : null;
      const now = deps.now();
      if (!plan || !store || plan.cancelledAt) {
        await tx
          .update(leaseAction)
          .set({ status: 'skipped', detail: { ...action.detail, skipped: '计划已取消' }, dateUpdated: now })
          .where(eq(leaseAction.id, action.id));
        return 'skipped';
      }
      const policy = planPolicy(store.policy, plan);
      const before = asBeforeClaim(plan, action);
      const state = evaluatePlan(termsOf(before, await repo.paidFen(tx, plan.id)), policy, now);
      if (!stillDue(action, state, before)) {
        await tx
          .update(leaseAction)
          .set({ status: 'skipped', detail: { ...action.detail, skipped: '已不再需要（已还款、已承诺或已解锁）' }, dateUpdated: now })
          .where(eq(leaseAction.id, action.id));
        return 'skipped';
      }
      await tx
        .update(leaseAction)
        .set({ status: 'sending', attempts: sql`${leaseAction.attempts} + 1`, dateUpdated: now })
        .where(eq(leaseAction.id, action.id));
      // The plan's lock is on from the claim: a payment from now on sees it and records the unlock that lifts it.
      if (action.step === 'lock' || action.step === 'promise-relock')
        await tx.update(leasePlan).set({ lockedForArrearsAt: now }).where(eq(leasePlan.id, plan.id));
      if (action.step === 'unlock') await tx.update(leasePlan).set({ lockedForArrearsAt: null }).where(eq(leasePlan.id, plan.id));
      return { action, plan: { ...plan, lockedForArrearsAt: action.step === 'unlock' ? null : plan.lockedForArrearsAt }, state, store, policy };
    });
  }

  async function finish(action: ActionRow, plan: LeasePlanRow, outcome: Outcome) {
    const now = deps.now();
    await db.transaction(async (tx) => {
      if (outcome.log) {
        const [op] = await tx
          .insert(operationLog)
          .values({
            storeId: plan.storeId,
            clerkId: null,
            platform: plan.platform,
            deviceId: plan.deviceId,
            action: outcome.log.action,
            status: OperationStatus.DONE,
            detail: { ...VIA_LEASE, plan_id: plan.id, ...outcome.log.detail },
            result: outcome.log.result,
          })
          .returning({ id: operationLog.id });
        outcome.operationLogId = op.id;
      }
      await tx
        .update(leaseAction)
        .set({
          status: outcome.ok ? 'done' : 'failed',
          operationLogId: outcome.operationLogId ?? null,
          detail: { ...action.detail, ...outcome.detail, result: outcome.result },
          dateUpdated: now,
        })
        .where(eq(leaseAction.id, action.id));
      if (outcome.operationLogId && !outcome.log)
        await tx
          .update(operationLog)
          .set({ detail: sql`${operationLog.detail} || ${JSON.stringify({ ...VIA_LEASE, plan_id: plan.id })}::jsonb` })
          .where(eq(operationLog.id, outcome.operationLogId));
      if (!outcome.ok && (action.step === 'lock' || action.step === 'promise-relock'))
        await tx
          .update(leasePlan)
          .set({ lockedForArrearsAt: null })
          .where(and(eq(leasePlan.id, plan.id), sql`${leasePlan.lockedForArrearsAt} is not null`));
      if (!outcome.ok) return;
      const event =
        action.step === 'remind'
          ? 'lease.reminder_sent'
          : action.step === 'unlock'
            ? 'lease.unlocked_after_payment'
            : action.step === 'lock' || action.step === 'promise-relock'
              ? 'lease.locked_for_arrears'
              : null;
      if (action.step === 'remind') await tx.update(leasePlan).set({ lastReminderAt: now }).where(eq(leasePlan.id, plan.id));
      if (event)
        await emitDeviceEvent(tx, {
          storeId: plan.storeId,
          type: event,
          platform: plan.platform,
          deviceId: plan.deviceId,
          data: { plan_id: plan.id, period: action.periodIndex + 1, step: action.step, ...action.detail, ...outcome.detail },
        });
    });
  }

  async function remind(action: ActionRow, plan: LeasePlanRow, state: PlanState, store: StoreTerms, policy: LeasePolicy): Promise<Outcome> {
    const [device] = await db
      .execute(
        sql`select hirer_name, hirer_phone_number from ${sql.raw(plan.platform === 'ios' ? 'ios_device' : 'android_device')} where id = ${plan.deviceId}`,
      )
      .then((r) => (r as unknown as { rows: { hirer_name: string; hirer_phone_number: string }[] }).rows);
    const due = state.nextDueDate ?? '';
    const overdue = state.daysOverdue > 0;
    const days = Math.max(0, Number(action.detail.days_before ?? 0));
    const amount = formatFen(overdue ? state.amountOverdueFen : state.openPeriodDueFen);
    const when = days === 0 ? '今天' : `${days} 天后（${due}）`;
    const body = overdue
      ? `您的分期租金已逾期 ${state.daysOverdue} 天，欠款 ${amount}，请尽快还款，以免设备被锁定。`
      : `您的分期租金 ${amount} 将于${when}到期，请按时还款。`;
    const content = `【${store.storeName}】${device?.hirer_name || '您好'}，${body}${store.contactPhone ? `如有疑问请致电 ${store.contactPhone}。` : ''}`;
    let sms = { sent: false, note: '门店未开启短信提醒' };
    if (policy.sms_reminder)
      sms = device?.hirer_phone_number
        ? await deps
            .sendReminder(
              { phone: device.hirer_phone_number, name: device.hirer_name },
              {
                content,
                params: {
                  name: device.hirer_name,
                  amount: amount.replace('¥', ''),
                  due_date: due,
                  days: String(days),
                  store: store.storeName,
                  phone: store.contactPhone,
                },
              },
            )
            .catch((err: unknown) => ({ sent: false, note: `短信发送失败：${err instanceof Error ? err.message : String(err)}` }))
        : { sent: false, note: '租机人没有手机号，未发送短信' };
    return {
      ok: true,
      result: sms.sent ? '已发送短信' : sms.note,
      detail: { sms: sms.sent },
      // Written with the step's 'done', in one transaction: a crash after the text leaves neither.
      log: {
        action: 'lease-reminder',
        detail: { period: action.periodIndex + 1, due_date: due, amount_fen: state.openPeriodDueFen, sms: sms.sent, content },
        result: sms.sent ? '已发送还款提醒短信' : sms.note,
      },
    };
  }

  async function act(action: ActionRow, plan: LeasePlanRow, state: PlanState, store: StoreTerms, policy: LeasePolicy): Promise<Outcome> {
    const actor = actorFor(plan.storeId, store.modules);
    const key = `lease-action:${action.id}`;
    switch (action.step) {
      case 'remind':
        return remind(action, plan, state, store, policy);
      case 'lock':
      case 'promise-relock': {
        const op = await deps.devices.lock(actor, plan, { message: lockMessage(state, store), phone_number: store.contactPhone }, key);
        return { ok: true, result: '已下发锁定', operationLogId: op.operation_log_id, detail: { amount_fen: state.amountOverdueFen } };
      }
      case 'unlock': {
        const op = await deps.devices.unlock(actor, plan, key);
        return { ok: true, result: '已下发解锁', operationLogId: op.operation_log_id };
      }
      case 'release': {
        const op = await deps.devices.release(actor, plan, key);
        return { ok: true, result: '已开始释放设备', operationLogId: op.operation_log_id };
      }
      default:
        return { ok: false, result: `未知步骤 ${action.step}` };
    }
  }

  return {
    /**
     * run takes pending steps (of one plan, or of every plan) until none is left or `limit` is reached. Steps left
     * 'sending' by a crash are settled first: a reminder becomes 'unknown' (never a second text), the others go
     * back to 'pending' and are replayed under their Idempotency-Key.
     */
    async run(opts: { planId?: string; limit?: number } = {}): Promise<number> {
      const now = deps.now().getTime();
      await db
        .update(leaseAction)
        .set({ status: 'unknown', dateUpdated: new Date(now) })
        .where(and(eq(leaseAction.status, 'sending'), eq(leaseAction.step, 'remind'), lt(leaseAction.dateUpdated, new Date(now - SEND_UNKNOWN_AFTER_MS))));
      await db
        .update(leaseAction)
        .set({ status: 'pending' })
        .where(and(eq(leaseAction.status, 'sending'), sql`${leaseAction.step} <> 'remind'`, lt(leaseAction.dateUpdated, new Date(now - RETRY_AFTER_MS))));
      let done = 0;
      const wake: string[] = [];
      for (let i = 0; i < (opts.limit ?? 200); i++) {
        const claimed = await claim(opts.planId);
        if (claimed === 'none') break;
        if (claimed === 'skipped') continue;
        const { action, plan, state, store, policy } = claimed;
        let outcome: Outcome;
        try {
          outcome = await act(action, plan, state, store, policy);
        } catch (err) {
          outcome = { ok: false, result: err instanceof Error ? err.message : String(err) };
        }
        await finish(action, plan, outcome);
        if (plan.platform === 'android') wake.push(plan.deviceId);
        done++;
      }
      if (wake.length) deps.devices.wakeAndroid(wake);
      return done;
    },
  };
}
export type LeaseSteps = ReturnType<typeof createLeaseSteps>;
