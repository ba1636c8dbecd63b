import { sql } from 'drizzle-orm';
import { index, uniqueIndex, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from './clerk.table.ts';
import { store } from './store.table.ts';

/** operationLog records who did what to which device and follows the command's progress. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    clerkId: uuid('for_clerk').references(() => clerk.id),
    platform: text('platform').notNull(),
    deviceId: uuid('device_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    status: integer('status').notNull().default(0),
    result: text('result').notNull().default(''),
    /** For a scheduled action (lock at a future time): when the jobs runner fires it. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The client's Idempotency-Key: replays of one click return the first operation (Fleet #50103). */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that used the key (method, route, params, body): a reuse with another request is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_log_store_idx').on(t.storeId, t.platform, t.dateCreated),
    index('operation_log_device_idx').on(t.deviceId, t.dateCreated),
    uniqueIndex('operation_log_idempotency_key').on(t.storeId, t.idempotencyKey).where(sql`idempotency_key is not null`),
    // Keyed on scheduled_at alone (status is filtered on the row): a status change then touches no indexed
    // column, so the queued → sent → done updates of every operation are HOT. Only scheduled locks have the column.
    index('operation_log_scheduled_idx').on(t.scheduledAt).where(sql`scheduled_at is not null`),
  ],
);
