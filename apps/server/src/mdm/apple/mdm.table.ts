import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

/**
 * mdmEnrollment is the device channel of one iPhone: the identity certificate it proved at Authenticate
 * and what APNs needs to wake it (nanomdm's enrollments + cert_auth_associations in one row).
 */
export const mdmEnrollment = pgTable(
  'mdm_enrollment',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    udid: text('udid').notNull(),
    certFingerprint: text('cert_fingerprint').notNull(),
    topic: text('topic').notNull().default(''),
    pushMagic: text('push_magic'),
    tokenHex: text('token_hex'),
    unlockToken: text('unlock_token'),
    /** enabled is false between Authenticate and the first TokenUpdate, and after CheckOut or release. */
    enabled: boolean('enabled').notNull().default(false),
    released: boolean('released').notNull().default(false),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    tokenUpdatedAt: timestamp('token_updated_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    pushDead: boolean('push_dead').notNull().default(false),
    pushFailures: integer('push_failures').notNull().default(0),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    /** APNs' reason for the last push that failed (BadDeviceToken, Unregistered, NotConfigured…); null once one is accepted. */
    pushError: text('push_error'),
    pushErrorAt: timestamp('push_error_at', { withTimezone: true }),
    nextPushAt: timestamp('next_push_at', { withTimezone: true }),
    /** When the current renewal (InstallProfile with a new SCEP payload) was sent; null once the new identity is seen. */
    renewalSentAt: timestamp('renewal_sent_at', { withTimezone: true }),
    /** When the phone last switched to a renewed identity. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mdm_enrollment_udid_key').on(t.udid), uniqueIndex('mdm_enrollment_cert_key').on(t.certFingerprint)],
);

/** CommandStatus: a command is pending while queued, sent or not-now; the rest are final. */
export const CommandStatus = {
  QUEUED: 'queued',
  SENT: 'sent',
  NOT_NOW: 'not-now',
  ACKNOWLEDGED: 'acknowledged',
  ERROR: 'error',
  FORMAT_ERROR: 'format-error',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
} as const;
export type CommandStatus = (typeof CommandStatus)[keyof typeof CommandStatus];
export const PENDING_COMMAND_STATUSES: CommandStatus[] = ['queued', 'sent', 'not-now'];

const sqlPending = sql`status in ('queued', 'sent', 'not-now')`;
const sqlPendingDedupe = sql`dedupe_key is not null and status in ('queued', 'sent', 'not-now')`;

/** mdmCommand is one queued command for one device; its id is the CommandUUID the device echoes back. */
export const mdmCommand = pgTable(
  'mdm_command',
  {
    id: uuid('id').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    requestType: text('request_type').notNull(),
    /** The full command plist, XML, as the device receives it. */
    payload: text('payload').notNull(),
    priority: integer('priority').notNull().default(0),
    status: text('status').$type<CommandStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notNowCount: integer('not_now_count').notNull().default(0),
    /** A refetch that is already pending is not queued twice (Fleet #52053). */
    dedupeKey: text('dedupe_key'),
    operationLogId: uuid('operation_log_id').references(() => operationLog.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    errorChain: jsonb('error_chain').$type<Record<string, unknown>[]>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Only pending rows are indexed for serving: acknowledged history never slows the queue (Fleet #40858).
    index('mdm_command_pending_idx').on(t.deviceId, t.priority.desc(), t.createdAt).where(sqlPending),
    uniqueIndex('mdm_command_dedupe_key').on(t.deviceId, t.dedupeKey).where(sqlPendingDedupe),
    index('mdm_command_oplog_idx').on(t.operationLogId),
    // The retention job's order (jobs/command-retention.ts): finished commands, oldest first.
    index('mdm_command_completed_idx').on(t.completedAt).where(sql`completed_at is not null`),
  ],
);

/** mdmIdentity records each certificate our SCEP CA issued, and for which store and clerk. */
export const mdmIdentity = pgTable('mdm_identity', {
  fingerprint: text('fingerprint').primaryKey(),
  storeId: uuid('store_id')
    .notNull()
    .references(() => store.id),
  clerkId: uuid('clerk_id').references(() => clerk.id),
  deviceId: uuid('device_id').references(() => iosDevice.id, { onDelete: 'set null' }),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the store released or removed the phone: it is then told it is unrecognised, and unenrols. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  /** Issued through a renewal profile for deviceId: the phone may switch to it without a new Authenticate. */
  renewal: boolean('renewal').notNull().default(false),
});

/** scepChallenge is a secret in an enrolment profile; it buys `usesLeft` certificates before it expires. */
export const scepChallenge = pgTable('scep_challenge', {
  challengeHash: text('challenge_hash').primaryKey(),
  storeId: uuid('store_id')
    .notNull()
    .references(() => store.id),
  clerkId: uuid('clerk_id').references(() => clerk.id),
  /** Set for a profile made for one registered phone (the hirer's enrolment link). */
  deviceId: uuid('device_id').references(() => iosDevice.id, { onDelete: 'cascade' }),
  usesLeft: integer('uses_left').notNull(),
  /** A renewal challenge (sent to an enrolled phone in an InstallProfile), not an enrolment one. */
  renewal: boolean('renewal').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
