import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/** smsCheck records each code check (one guess), so checks per phone and per IP can be throttled. */
export const smsCheck = pgTable(
  'sms_check',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_check_phone_idx').on(t.phoneNumber, t.createdAt), index('sms_check_ip_idx').on(t.ip, t.createdAt)],
);
