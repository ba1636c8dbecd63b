import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** smsCode is one verification code sent to a phone for one purpose; only its hash is kept. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_code_phone_idx').on(t.phoneNumber, t.purpose, t.createdAt)],
);

/**
 * smsCheck records each guess at a live code, so guesses per code and address, per phone and address, and per
 * address can be capped. A check when no code is live is not recorded: it cannot succeed, and counting it would let
 * anyone lock a phone out. `codeId` is null on rows written before guesses were counted per code.
 */
export const smsCheck = pgTable(
  'sms_check',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    ip: text('ip').notNull().default(''),
    codeId: bigint('code_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_check_phone_idx').on(t.phoneNumber, t.createdAt),
    index('sms_check_ip_idx').on(t.ip, t.createdAt),
    index('sms_check_code_idx').on(t.codeId, t.ip),
  ],
);

/** smsProofSpent remembers each proof-of-work challenge used for a send until it expires, so each works once. */
export const smsProofSpent = pgTable('sms_proof_spent', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
