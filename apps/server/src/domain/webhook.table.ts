import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { store } from './store.table.ts';

export type WebhookStatus = 'pending' | 'delivered' | 'failed';

/**
 * webhookEvent is the outbox: a device fact written in the same transaction as the change, sent by the
 * delivery job after commit. `payload` is the exact JSON body the receiver gets.
 */
export const webhookEvent = pgTable(
  'webhook_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    type: text('type').notNull(),
    platform: text('platform').notNull(),
    deviceId: uuid('device_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookStatus>().notNull().default('pending'),
    /** Every POST ever made for this event (numbers the attempt rows). */
    attempts: integer('attempts').notNull().default(0),
    /** POSTs since it was queued or last re-sent by an admin: drives the backoff and the give-up. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    /** When the job may (re)try it; also the lease of a claimed row, so a crashed sender's row comes back. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error').notNull().default(''),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_event_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_event_store_idx').on(t.storeId, t.dateCreated.desc()),
  ],
);

/** webhookAttempt records every POST to the receiver: what it answered and how long it took. */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvent.id, { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    url: text('url').notNull().default(''),
    statusCode: integer('status_code'),
    error: text('error').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempt_event_idx').on(t.eventId, t.attemptNo)],
);

/** webhookOfflineMark remembers the offline spell already announced, so device.offline fires once per spell. */
export const webhookOfflineMark = pgTable(
  'webhook_offline_mark',
  {
    platform: text('platform').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** The device's last_active_time when device.offline was sent; a newer contact starts a new spell. */
    lastActiveTime: timestamp('last_active_time', { withTimezone: true }).notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.deviceId] })],
);
