import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OneClickMode, OneClickRunStatus, OneClickStep, OneClickStepStatus } from '@lease/shared';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

/** RunActor is who a run acts as when a job moves it on: the clerk who started (or last resumed) it. */
export interface RunActor {
  clerkId: string;
  isAdmin: boolean;
  perms: string[];
  modules: string[];
}

/**
 * oneClickUnlockRun is one release of a paid-off phone: its steps run one after another, each as its own
 * operation. At most one unfinished (running or failed) run per device, enforced by the partial unique index.
 */
export const oneClickUnlockRun = pgTable(
  'one_click_unlock_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    clerkId: uuid('for_clerk').references(() => clerk.id),
    mode: text('mode').$type<OneClickMode>().notNull(),
    status: text('status').$type<OneClickRunStatus>().notNull().default('running'),
    actor: jsonb('actor').$type<RunActor>().notNull(),
    /** The run's own operation-log row (action one-click-unlock); it carries the Idempotency-Key. */
    operationLogId: uuid('operation_log_id')
      .notNull()
      .references(() => operationLog.id),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_click_unlock_run_active_key').on(t.deviceId).where(sql`status in ('running', 'failed')`),
    index('one_click_unlock_run_running_idx').on(t.dateUpdated).where(sql`status = 'running'`),
    index('one_click_unlock_run_device_idx').on(t.deviceId, t.dateCreated),
  ],
);

/**
 * oneClickUnlockStep is one step of a run. A step is claimed (pending → running) by a conditional UPDATE, so of
 * several processes advancing the same run only one starts it; `attempt` counts resumes.
 */
export const oneClickUnlockStep = pgTable(
  'one_click_unlock_step',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => oneClickUnlockRun.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    step: text('step').$type<OneClickStep>().notNull(),
    status: text('status').$type<OneClickStepStatus>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    operationLogId: uuid('operation_log_id').references(() => operationLog.id),
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);

export type OneClickRunRow = typeof oneClickUnlockRun.$inferSelect;
export type OneClickStepRow = typeof oneClickUnlockStep.$inferSelect;
