import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { refreshTokenColumns, sessionColumns } from '../auth/auth.table.ts';

/**
 * operator is a person who runs the platform (sells slots, tops up balances, stops stores). Operators are
 * apart from store clerks: their own table, sessions, tokens (audience `ops`) and login log.
 */
export const operator = pgTable('operator', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Set by the command line's one-time password: the first sign-in must choose a new one. */
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The TOTP secret, sealed (AES-GCM); null until enrolment is confirmed with a code. */
  totpSecretSealed: text('totp_secret_sealed'),
  /** The secret shown during enrolment, not yet confirmed. */
  totpPendingSealed: text('totp_pending_sealed'),
  /** The last accepted 30-second step: a code is never accepted twice (replay). */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

/** operatorSession is one operator sign-in; `mfa` is true once TOTP was proven in it (login or enrolment). */
export const operatorSession = pgTable(
  'operator_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operator.id),
    mfa: boolean('mfa').notNull().default(false),
    ...sessionColumns(),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId)],
);

export const operatorRefreshToken = pgTable(
  'operator_refresh_token',
  refreshTokenColumns(() => operatorSession.id),
  (t) => [index('operator_refresh_token_session_idx').on(t.sessionId)],
);

/** operatorLoginLog keeps every operator sign-in attempt; the throttle counts it like the store's login log. */
export const operatorLoginLog = pgTable(
  'operator_login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: uuid('operator_id').references(() => operator.id),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    status: integer('status').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_login_log_account_idx').on(t.account, t.dateCreated), index('operator_login_log_ip_idx').on(t.ip, t.dateCreated)],
);

/**
 * opsAudit is the operator audit log: who did what, the state before and after, from which IP. Append-only:
 * a trigger in the migration refuses UPDATE and DELETE, so not even the server can rewrite it.
 */
export const opsAudit = pgTable(
  'ops_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for actions from the command line (create-operator), which has no signed-in operator. */
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: text('ip').notNull().default(''),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    /** The hash chain (ops-audit-chain.ts): the previous row's `hash` ('' for the first row) and this row's. */
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [index('ops_audit_date_idx').on(t.dateCreated), index('ops_audit_target_idx').on(t.targetType, t.targetId)],
);

/** platformSetting holds the operator's platform-wide switches (e.g. public self-registration). */
export const platformSetting = pgTable('platform_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});
