import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

/** androidEnrollToken is the secret in a console QR code: one phone may enrol with it, before it expires. */
export const androidEnrollToken = pgTable(
  'android_enroll_token',
  {
    /** SHA-256 of the token (hex): the token itself is only ever in the QR code. */
    tokenHash: text('token_hash').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    /** The clerk the enrolled phone is assigned to (and whose quota it takes). */
    clerkId: uuid('clerk_id').references(() => clerk.id),
    issuedBy: uuid('issued_by').references(() => clerk.id),
    /** AndroidChannel the console intended; the agent's own report wins when it names one. */
    channel: integer('channel'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    deviceId: uuid('device_id').references(() => androidDevice.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('android_enroll_token_store_idx').on(t.storeId, t.createdAt)],
);

/**
 * androidAgent is the agent's identity: the public half of the ECDSA P-256 key it generated at enrolment
 * (the private half never leaves the phone), and the per-device offline-passcode key K_dev, encrypted.
 */
export const androidAgent = pgTable('android_agent', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => androidDevice.id, { onDelete: 'cascade' }),
  /** SPKI DER of the agent's public key, base64. */
  publicKey: text('public_key').notNull(),
  /** K_dev under AES-256-GCM with the server's android key (iv‖tag‖ciphertext, base64). */
  devKeyEnc: text('dev_key_enc').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the phone is released (archive acknowledged) or revoked: from then the agent is refused. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** The offline self-lock the agent last reported (null when it was not self-locked). */
  offlineLockedAt: timestamp('offline_locked_at', { withTimezone: true }),
});

/** AndroidCommandStatus: queued and sent are pending; the rest are final. */
export const AndroidCommandStatus = {
  QUEUED: 'queued',
  SENT: 'sent',
  DONE: 'done',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
} as const;
export type AndroidCommandStatus = (typeof AndroidCommandStatus)[keyof typeof AndroidCommandStatus];

/**
 * pendingCommand is the condition of a pending (queued or sent) command: it has no completed_at, which every
 * move to done, failed, cancelled or expired sets. The pending index is keyed on it rather than on status, so
 * marking a command sent touches no indexed column and PostgreSQL updates it in place (HOT), without new index
 * entries. Every query of pending commands uses it, so the planner can use that index; `alias` names the table
 * where the query aliases it.
 */
export const pendingCommand = (alias?: 'c') => sql.raw(`${alias ? `${alias}.` : ''}completed_at is null`);

/** androidCommand is one queued command for one agent; its id is what the agent echoes in its result. */
export const androidCommand = pgTable(
  'android_command',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => androidDevice.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<AndroidCommandStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    operationLogId: uuid('operation_log_id').references(() => operationLog.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Only pending rows are indexed for serving, so history never slows the queue.
    index('android_command_pending_idx').on(t.deviceId, t.createdAt).where(pendingCommand()),
    index('android_command_oplog_idx').on(t.operationLogId),
    // The retention job's order (jobs/command-retention.ts): finished commands, oldest first.
    index('android_command_completed_idx').on(t.completedAt).where(sql`completed_at is not null`),
    // pendingCommand's premise, kept by PostgreSQL: no completed_at exactly while queued or sent.
    check('android_command_pending_check', sql`(completed_at is null) = (status in ('queued', 'sent'))`),
  ],
);

/** androidPasscodeUse records each offline code the agent reported using, once per (device, purpose, challenge). */
export const androidPasscodeUse = pgTable(
  'android_passcode_use',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => androidDevice.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    lockEpoch: integer('lock_epoch').notNull(),
    grantDays: integer('grant_days').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('android_passcode_use_key').on(t.deviceId, t.purpose, t.challenge, t.lockEpoch)],
);
