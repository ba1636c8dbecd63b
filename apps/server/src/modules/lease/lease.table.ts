import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeasePolicy, LeasePolicyFields } from '@lease/shared';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/** leasePolicy is a store's collection policy (docs/lease-plans.md); no row means the defaults. */
export const leasePolicy = pgTable('lease_policy', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => store.id),
  policy: jsonb('policy').$type<LeasePolicy>().notNull(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * leasePlan is one phone's instalments. The schedule is kept whole (`due_dates`, one per period) whatever the
 * period rule, so every rule reads one list. The columns after `remark` are derived by the evaluation
 * (lease-schedule.ts) and cached for the lists; the ledger is the truth of what was paid.
 */
export const leasePlan = pgTable(
  'lease_plan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    platform: text('platform').$type<'ios' | 'android'>().notNull(),
    deviceId: uuid('device_id').notNull(),
    clerkId: uuid('clerk_id').references(() => clerk.id),
    startDate: date('start_date').notNull(),
    periods: integer('periods').notNull(),
    period: text('period').$type<'monthly' | 'weekly' | 'dates'>().notNull(),
    dayOfMonth: smallint('day_of_month'),
    dueDates: date('due_dates').array().notNull(),
    amountFen: integer('amount_fen').notNull(),
    depositFen: integer('deposit_fen').notNull().default(0),
    /** The fields of the policy this plan sets itself (grace days among them); the rest follow the store. */
    policyOverride: jsonb('policy_override').$type<Partial<LeasePolicyFields>>().notNull().default({}),
    remark: text('remark').notNull().default(''),
    /** 承诺还款: unlocked by a clerk until the end of this day (store time); locked again then if still in arrears. */
    promiseUntil: date('promise_until'),
    /** Set when the plan locked the phone for arrears, cleared when it unlocks it: only the plan's own lock is lifted by a payment. */
    lockedForArrearsAt: timestamp('locked_for_arrears_at', { withTimezone: true }),
    releaseOfferedAt: timestamp('release_offered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
    // Derived, refreshed by every evaluation.
    paidFen: integer('paid_fen').notNull().default(0),
    status: text('status').$type<'current' | 'due_soon' | 'overdue' | 'locked' | 'paid_off'>().notNull().default('current'),
    paidPeriods: integer('paid_periods').notNull().default(0),
    nextDueDate: date('next_due_date'),
    amountOverdueFen: integer('amount_overdue_fen').notNull().default(0),
    daysOverdue: integer('days_overdue').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    lastContactNote: text('last_contact_note').notNull().default(''),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    /** When the watch next has something to decide for this plan (a reminder hour, a day change, a promise's end). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live plan per phone; a cancelled one stays for the record.
    uniqueIndex('lease_plan_device_key').on(t.platform, t.deviceId).where(sql`cancelled_at is null`),
    index('lease_plan_store_status_idx').on(t.storeId, t.status, t.daysOverdue.desc()),
    index('lease_plan_check_idx').on(t.nextCheckAt).where(sql`cancelled_at is null and status <> 'paid_off'`),
  ],
);

/** leaseLedger is every payment and correction, never edited: a mistake is corrected by a new row with a reason. */
export const leaseLedger = pgTable(
  'lease_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => leasePlan.id),
    source: text('source').$type<'console' | 'open-api' | 'csv' | 'correction'>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    method: text('method').$type<'cash' | 'wechat' | 'alipay' | 'bank' | 'other'>(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    clerkId: uuid('clerk_id').references(() => clerk.id),
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lease_ledger_plan_idx').on(t.planId, t.paidAt),
    index('lease_ledger_store_paid_idx').on(t.storeId, t.paidAt),
    uniqueIndex('lease_ledger_idempotency_key').on(t.storeId, t.idempotencyKey).where(sql`idempotency_key is not null`),
  ],
);

/**
 * leaseAction is one automatic step of a plan, at most once per (plan, period, step, key): the unique key is
 * what makes a crash, a restart, a clock jump or a second server process unable to repeat it.
 */
export const leaseAction = pgTable(
  'lease_action',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => leasePlan.id),
    periodIndex: integer('period_index').notNull(),
    step: text('step').notNull(),
    /** Tells apart two steps of one kind in one period: the reminder's day ('3', '0') or the promise's date. */
    stepKey: text('step_key').notNull().default(''),
    status: text('status').notNull().default('pending'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    operationLogId: uuid('operation_log_id'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lease_action_once_key').on(t.planId, t.periodIndex, t.step, t.stepKey),
    index('lease_action_pending_idx').on(t.dateCreated).where(sql`status in ('pending', 'sending')`),
    index('lease_action_plan_idx').on(t.planId, t.dateCreated),
  ],
);

/** leaseContact is a clerk's note of a collection call or visit. */
export const leaseContact = pgTable(
  'lease_contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => leasePlan.id),
    clerkId: uuid('clerk_id').references(() => clerk.id),
    note: text('note').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lease_contact_plan_idx').on(t.planId, t.dateCreated)],
);
