import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/**
 * authSession is one login: the refresh-token family. Every access token names its session, and the
 * session row is read on every request, so revoking it ends access at once.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clerkId: uuid('clerk_id').notNull().references(() => clerk.id),
    storeId: uuid('store_id').notNull().references(() => store.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('auth_session_clerk_idx').on(t.clerkId)],
);

/** refreshToken rows hold only the SHA-256 of the opaque token; usedAt marks a rotated one. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull().references(() => authSession.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_token_session_idx').on(t.sessionId)],
);
