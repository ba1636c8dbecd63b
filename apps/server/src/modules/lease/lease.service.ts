import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type ContactNoteRequest,
  type CorrectionRequest,
  type LeaseBatchRequest,
  type LeasePlanCreateRequest,
  type LeasePlanDetail,
  type LeasePlanListQuery,
  type LeasePlanUpdateRequest,
  type LeasePolicy,
  type LeasePolicyFields,
  type LeaseSummary,
  Module,
  OperationStatus,
  type PaymentRequest,
  type PromiseRequest,
  type leasePlanCreateRequest,
  type leasePlanUpdateRequest,
  type paymentRequest,
  type promiseRequest,
} from '@lease/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { type IdempotencyKey, assertSameRequest } from '../../domain/idempotency.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { addDays, daysBetween, instantOf, localDay, weekStart } from './lease-calendar.ts';
import { type StoreTerms, planPolicy, recordEvaluation, termsOf } from './lease-evaluation.ts';
import { dueDatesOf, evaluatePlan } from './lease-rules.ts';
import type { LeaseDevicePort, LeaseSteps } from './lease-steps.ts';
import { toPlanDetail, toPlanItem } from './lease-view.ts';
import type { LeasePlanRow, LeaseRepo, Tx } from './lease.repo.ts';
import { scopeOf } from './lease-scope.ts';
import { leaseAction, leaseLedger, leasePlan } from './lease.table.ts';

export interface LeaseServiceDeps {
  db: Db;
  repo: LeaseRepo;
  steps: LeaseSteps;
  devices: Pick<LeaseDevicePort, 'wakeAndroid'>;
  /** The caller's phone (404 when not theirs to see): the Apple or Android device service's own load. */
  loadDevice(auth: AuthContext, platform: 'ios' | 'android', id: string): Promise<{ hirerName: string }>;
  /** The store's terms, read in `tx` when given (PGlite has one connection: never read beside an open transaction). */
  storeTerms(storeId: string, tx?: Tx): Promise<StoreTerms | null>;
  now(): Date;
}

/** How many days ahead a promise to pay may reach: a promise is a short reprieve, not a new schedule. */
const PROMISE_MAX_DAYS = 30;

type PlanInput = z.infer<typeof leasePlanUpdateRequest>;

/** The plan's own policy fields: grace days from its field, the rest from its `policy`. */
function overrideOf(req: PlanInput): Partial<LeasePolicyFields> {
  const o: Partial<LeasePolicyFields> = {};
  for (const [k, v] of Object.entries(req.policy ?? {})) if (v !== undefined && v !== null) (o as Record<string, unknown>)[k] = v;
  if (req.grace_days !== undefined && req.grace_days !== null) o.grace_days = req.grace_days;
  return o;
}

/**
 * createLeaseService: a store's plans, their payments and the collections work. Every change locks the plan's
 * row, writes its ledger or fields and the operation log, evaluates it (lease-evaluation.ts) in the same
 * transaction, and after commit runs the plan's steps at once, so a paying payment unlocks within its round trip.
 */
export function createLeaseService(deps: LeaseServiceDeps) {
  const { db, repo } = deps;

  async function terms(storeId: string, tx?: Tx): Promise<StoreTerms> {
    const t = await deps.storeTerms(storeId, tx);
    if (!t) throw notFound('门店不存在');
    return t;
  }

  async function load(auth: AuthContext, id: string) {
    const row = await repo.find(db, scopeOf(auth), id);
    if (!row) throw notFound('分期计划不存在');
    return row;
  }

  async function detailOf(auth: AuthContext, id: string): Promise<LeasePlanDetail> {
    const row = await load(auth, id);
    const store = await terms(auth.storeId);
    const policy = planPolicy(store.policy, row.plan);
    const state = evaluatePlan(termsOf(row.plan, await repo.paidFen(db, id)), policy, deps.now());
    return toPlanDetail(repo, row, policy, state);
  }

  const log = (
    tx: Tx,
    auth: AuthContext,
    plan: Pick<LeasePlanRow, 'platform' | 'deviceId' | 'id'>,
    action: string,
    detail: Record<string, unknown>,
    result = '',
  ) =>
    tx.insert(operationLog).values({
      storeId: auth.storeId,
      clerkId: auth.clerkId,
      platform: plan.platform,
      deviceId: plan.deviceId,
      action,
      status: OperationStatus.DONE,
      detail: { plan_id: plan.id, ...detail },
      result,
    });

  /**
   * change runs one change to a plan: its row locked, `write` done, the plan evaluated, all in one transaction;
   * then the plan's steps and the Android wake-up. Answers the plan as it is afterwards.
   */
  async function change(auth: AuthContext, id: string, write: (tx: Tx, plan: LeasePlanRow) => Promise<void>): Promise<LeasePlanDetail> {
    await load(auth, id);
    const store = await terms(auth.storeId);
    const wake = await db.transaction(async (tx) => {
      const plan = await repo.lockPlan(tx, id);
      if (!plan || plan.cancelledAt) throw notFound('分期计划不存在');
      await write(tx, plan);
      const fresh = (await repo.lockPlan(tx, id)) as LeasePlanRow;
      return (await recordEvaluation(tx, repo, fresh, store, deps.now())).wakeAndroid;
    });
    await settle(id, wake);
    return detailOf(auth, id);
  }

  async function settle(planId: string, wake: string | null) {
    if (wake) deps.devices.wakeAndroid([wake]);
    await deps.steps.run({ planId });
  }

  function requirePlatform(auth: AuthContext, platform: 'ios' | 'android') {
    if (!auth.modules.includes(platform === 'ios' ? Module.APPLE : Module.ANDROID))
      throw new AppError('PERMISSION_DENIED', platform === 'ios' ? '门店未开通 Apple 设备管理' : '门店未开通 Android 设备管理');
  }

  /** act records a clerk's reminder or lock as the plan's own step (so the payment that follows unlocks it). */
  const act = (auth: AuthContext, id: string, step: 'remind' | 'lock') =>
    change(auth, id, async (tx, plan) => {
      const store = await terms(auth.storeId, tx);
      const policy = planPolicy(store.policy, plan);
      const state = evaluatePlan(termsOf(plan, await repo.paidFen(tx, plan.id)), policy, deps.now());
      if (state.openPeriod === null) throw new AppError('CONFLICT', '分期已结清');
      const daysToDue = state.nextDueDate ? Math.max(0, daysBetween(localDay(deps.now(), policy.time_zone), state.nextDueDate)) : 0;
      if (step === 'lock' && state.amountOverdueFen === 0) throw new AppError('CONFLICT', '该计划没有逾期欠款，不能按欠费锁定');
      if (step === 'lock' && plan.lockedForArrearsAt) throw new AppError('CONFLICT', '设备已因欠费锁定');
      await tx.insert(leaseAction).values({
        storeId: auth.storeId,
        planId: plan.id,
        periodIndex: state.openPeriod,
        step,
        stepKey: `manual:${crypto.randomUUID()}`,
        detail: { days_before: daysToDue, by_clerk: auth.clerkId, due_date: state.nextDueDate },
        dateCreated: deps.now(),
        dateUpdated: deps.now(),
      });
    });

  return {
    detail: detailOf,

    async list(auth: AuthContext, q: LeasePlanListQuery) {
      const { rows, total } = await repo.list(scopeOf(auth), q);
      return { total, list: rows.map(toPlanItem) };
    },

    async forDevice(auth: AuthContext, platform: 'ios' | 'android', deviceId: string) {
      await deps.loadDevice(auth, platform, deviceId);
      const row = await repo.findForDevice(scopeOf(auth), platform, deviceId);
      return { plan: row ? await detailOf(auth, row.plan.id) : null };
    },

    /** preview is what a plan would be if created now: the console asks the clerk to confirm a plan that locks at once. */
    async preview(auth: AuthContext, req: z.infer<typeof leasePlanCreateRequest>) {
      const store = await terms(auth.storeId);
      const policy = { ...store.policy, ...overrideOf(req) };
      const dueDates = dueDatesOf(req);
      const state = evaluatePlan(
        { dueDates, amountFen: req.amount_fen, paidFen: 0, promiseUntil: null, lockedForArrearsAt: null, releaseOffered: false },
        policy,
        deps.now(),
      );
      return {
        status: state.status,
        amount_overdue_fen: state.amountOverdueFen,
        days_overdue: state.daysOverdue,
        will_lock: state.steps.some((s) => s.step === 'lock'),
        due_dates: dueDates,
      };
    },

    async create(auth: AuthContext, req: z.infer<typeof leasePlanCreateRequest>): Promise<LeasePlanDetail> {
      requirePlatform(auth, req.platform);
      await deps.loadDevice(auth, req.platform, req.device_id);
      const store = await terms(auth.storeId);
      const dueDates = dueDatesOf(req);
      let id = '';
      let wake: string | null = null;
      try {
        wake = await db.transaction(async (tx) => {
          const [plan] = await tx
            .insert(leasePlan)
            .values({
              storeId: auth.storeId,
              platform: req.platform,
              deviceId: req.device_id,
              clerkId: auth.clerkId,
              startDate: req.start_date,
              periods: req.periods,
              period: req.period,
              dayOfMonth: req.period === 'monthly' ? (req.day_of_month ?? Number(req.start_date.slice(8, 10))) : null,
              dueDates,
              amountFen: req.amount_fen,
              depositFen: req.deposit_fen,
              policyOverride: overrideOf(req),
              remark: req.remark,
            })
            .returning();
          id = plan.id;
          await log(
            tx,
            auth,
            plan,
            'lease-plan-create',
            { periods: req.periods, amount_fen: req.amount_fen, start_date: req.start_date },
            `共 ${req.periods} 期`,
          );
          return (await recordEvaluation(tx, repo, plan, store, deps.now())).wakeAndroid;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'lease_plan_device_key')) throw new AppError('CONFLICT', '该设备已有分期计划，请修改现有计划');
        throw err;
      }
      await settle(id, wake);
      return detailOf(auth, id);
    },

    update: (auth: AuthContext, id: string, req: PlanInput) =>
      change(auth, id, async (tx, plan) => {
        await tx
          .update(leasePlan)
          .set({
            startDate: req.start_date,
            periods: req.periods,
            period: req.period,
            dayOfMonth: req.period === 'monthly' ? (req.day_of_month ?? Number(req.start_date.slice(8, 10))) : null,
            dueDates: dueDatesOf(req),
            amountFen: req.amount_fen,
            depositFen: req.deposit_fen,
            policyOverride: overrideOf(req),
            remark: req.remark,
            dateUpdated: deps.now(),
          })
          .where(eq(leasePlan.id, plan.id));
        await log(tx, auth, plan, 'lease-plan-update', { periods: req.periods, amount_fen: req.amount_fen, start_date: req.start_date });
      }),

    /** cancel ends the plan (kept for the record); the phone stays as it is, and an Android agent drops the terms. */
    async cancel(auth: AuthContext, id: string) {
      await load(auth, id);
      await db.transaction(async (tx) => {
        const plan = await repo.lockPlan(tx, id);
        if (!plan || plan.cancelledAt) throw notFound('分期计划不存在');
        await tx.update(leasePlan).set({ cancelledAt: deps.now(), dateUpdated: deps.now() }).where(eq(leasePlan.id, id));
        await tx
          .update(leaseAction)
          .set({ status: 'skipped', detail: sql`${leaseAction.detail} || '{"skipped":"计划已取消"}'::jsonb` })
          .where(and(eq(leaseAction.planId, id), eq(leaseAction.status, 'pending')));
        if (plan.platform === 'android')
          await tx
            .update(androidDevice)
            .set({ leaseOffline: null, policyVersion: sql`${androidDevice.policyVersion} + 1` })
            .where(eq(androidDevice.id, plan.deviceId));
        await log(tx, auth, plan, 'lease-plan-cancel', {});
        if (plan.platform === 'android') deps.devices.wakeAndroid([plan.deviceId]);
      });
      return { ok: true as const };
    },

    /**
     * pay records a payment. An Idempotency-Key (console dialog, ERP) makes a repeat answer the plan without a
     * second row; the same key on a different payment is a 409.
     */
    async pay(
      auth: AuthContext,
      id: string,
      req: z.infer<typeof paymentRequest>,
      key: IdempotencyKey | undefined,
      source: 'console' | 'open-api' | 'csv' = 'console',
    ) {
      if (key) {
        const [seen] = await db
          .select({ planId: leaseLedger.planId, fingerprint: leaseLedger.idempotencyFingerprint })
          .from(leaseLedger)
          .where(and(eq(leaseLedger.storeId, auth.storeId), eq(leaseLedger.idempotencyKey, key.key)));
        if (seen) {
          if (seen.planId !== id) throw new AppError('CONFLICT', 'Idempotency-Key 已用于另一笔还款');
          assertSameRequest(seen.fingerprint, key);
          return detailOf(auth, id);
        }
      }
      try {
        return await change(auth, id, async (tx, plan) => {
          await tx.insert(leaseLedger).values({
            storeId: auth.storeId,
            planId: plan.id,
            source,
            amountFen: req.amount_fen,
            method: req.method,
            reference: req.reference,
            note: req.note,
            paidAt: req.paid_at ? new Date(req.paid_at) : deps.now(),
            clerkId: auth.clerkId,
            idempotencyKey: key?.key ?? null,
            idempotencyFingerprint: key?.fingerprint ?? null,
          });
          await log(
            tx,
            auth,
            plan,
            'lease-payment',
            { amount_fen: req.amount_fen, method: req.method, reference: req.reference, source },
            `收款 ¥${(req.amount_fen / 100).toFixed(2)}`,
          );
        });
      } catch (err) {
        // Two requests racing with one key: the loser answers like a replay.
        if (key && isUniqueViolation(err, 'lease_ledger_idempotency_key')) return detailOf(auth, id);
        throw err;
      }
    },

    correct: (auth: AuthContext, id: string, req: CorrectionRequest & { amount_fen: number; reason: string }) =>
      change(auth, id, async (tx, plan) => {
        const paid = await repo.paidFen(tx, plan.id);
        if (paid + req.amount_fen < 0) throw new AppError('VALIDATION_FAILED', `更正后已还金额不能为负数（当前已还 ¥${(paid / 100).toFixed(2)}）`);
        await tx.insert(leaseLedger).values({
          storeId: auth.storeId,
          planId: plan.id,
          source: 'correction',
          amountFen: req.amount_fen,
          note: req.reason,
          paidAt: deps.now(),
          clerkId: auth.clerkId,
        });
        await log(tx, auth, plan, 'lease-correction', { amount_fen: req.amount_fen, reason: req.reason });
      }),

    /** promise: 承诺还款. A plan in arrears is unlocked until the end of `until`; still unpaid then, it locks again. */
    promise: (auth: AuthContext, id: string, req: z.infer<typeof promiseRequest>) =>
      change(auth, id, async (tx, plan) => {
        const store = await terms(auth.storeId, tx);
        const policy = planPolicy(store.policy, plan);
        const now = deps.now();
        const today = localDay(now, policy.time_zone);
        const state = evaluatePlan(termsOf(plan, await repo.paidFen(tx, plan.id)), policy, now);
        if (state.daysOverdue === 0) throw new AppError('CONFLICT', '该计划没有逾期欠款，无需承诺还款');
        if (req.until < today) throw new AppError('VALIDATION_FAILED', '承诺还款日期不能早于今天', [{ field: 'until', message: '承诺还款日期不能早于今天' }]);
        if (req.until > addDays(today, PROMISE_MAX_DAYS))
          throw new AppError('VALIDATION_FAILED', `承诺还款日期最多为 ${PROMISE_MAX_DAYS} 天后`, [
            { field: 'until', message: `承诺还款日期最多为 ${PROMISE_MAX_DAYS} 天后` },
          ]);
        await tx.update(leasePlan).set({ promiseUntil: req.until, dateUpdated: now }).where(eq(leasePlan.id, plan.id));
        await log(tx, auth, plan, 'lease-promise', { until: req.until, note: req.note }, `承诺 ${req.until} 前还款`);
      }),

    contact: (auth: AuthContext, id: string, req: ContactNoteRequest & { note: string }) =>
      change(auth, id, async (tx, plan) => {
        const now = deps.now();
        await repo.addContact(tx, { storeId: auth.storeId, planId: plan.id, clerkId: auth.clerkId, note: req.note, dateCreated: now });
        await tx.update(leasePlan).set({ lastContactNote: req.note, lastContactAt: now }).where(eq(leasePlan.id, plan.id));
        await log(tx, auth, plan, 'lease-contact', { note: req.note });
      }),

    act,

    async batch(auth: AuthContext, req: LeaseBatchRequest & { plan_ids: string[]; action: 'remind' | 'lock' }) {
      const failed: { plan_id: string; message: string }[] = [];
      let done = 0;
      for (const planId of req.plan_ids) {
        try {
          await act(auth, planId, req.action);
          done++;
        } catch (err) {
          failed.push({ plan_id: planId, message: err instanceof Error ? err.message : String(err) });
        }
      }
      return { done, failed };
    },

    async policy(auth: AuthContext): Promise<LeasePolicy> {
      return (await terms(auth.storeId)).policy;
    },

    async setPolicy(auth: AuthContext, policy: LeasePolicy): Promise<LeasePolicy> {
      await repo.savePolicy(auth.storeId, policy);
      await db.insert(operationLog).values({
        storeId: auth.storeId,
        clerkId: auth.clerkId,
        platform: 'store',
        action: 'lease-policy-update',
        status: OperationStatus.DONE,
        detail: { ...policy },
      });
      // Every live plan of the store is looked at again by the next watch run.
      await db
        .update(leasePlan)
        .set({ nextCheckAt: deps.now() })
        .where(and(eq(leasePlan.storeId, auth.storeId), isNull(leasePlan.cancelledAt)));
      return policy;
    },

    async summary(auth: AuthContext): Promise<LeaseSummary> {
      const { policy } = await terms(auth.storeId);
      const tz = policy.time_zone;
      const today = localDay(deps.now(), tz);
      const monthStart = instantOf(`${today.slice(0, 8)}01`, 0, tz);
      const firstWeek = addDays(weekStart(today), -7 * 11);
      const s = await repo.summary(auth.storeId, monthStart, instantOf(firstWeek, 0, tz), tz);
      const byWeek = new Map(s.weekly.map((w) => [w.week, w.fen]));
      return {
        overdue_count: s.figures?.overdueCount ?? 0,
        overdue_fen: s.figures?.overdueFen ?? 0,
        locked_count: s.figures?.lockedCount ?? 0,
        due_soon_count: s.figures?.dueSoonCount ?? 0,
        collected_this_month_fen: s.monthFen,
        weekly: Array.from({ length: 12 }, (_, i) => {
          const week_start = addDays(firstWeek, 7 * i);
          return { week_start, amount_fen: byWeek.get(week_start) ?? 0 };
        }),
      };
    },
  };
}
export type LeaseService = ReturnType<typeof createLeaseService>;
export type { LeasePlanCreateRequest, LeasePlanUpdateRequest, PaymentRequest, PromiseRequest };
