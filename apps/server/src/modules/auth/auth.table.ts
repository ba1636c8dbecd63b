import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/**
 * sessionColumns are the life of a console session, the same for store clerks (auth_session) and operators
 * (operator_session): when it began, was last used, ends or was revoked, and from where. The table puts its
 * id and owner first.
 */
export const sessionColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

/** refreshTokenColumns are a session's refresh tokens (refresh_token, operator_refresh_token): only the SHA-256 is kept. */
export const refreshTokenColumns = (session: () => AnyPgColumn) => ({
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id').notNull().references(session),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * authSession is one login: the refresh-token family. Every access token names its session, and the
 * session row is read on every request, so revoking it ends access at once.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clerkId: uuid('clerk_id')
      .notNull()
      .references(() => clerk.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    ...sessionColumns(),
  },
  (t) => [index('auth_session_clerk_idx').on(t.clerkId)],
);

/** refreshToken rows hold only the SHA-256 of the opaque token; usedAt marks a rotated one. */
export const refreshToken = pgTable(
  'refresh_token',
  refreshTokenColumns(() => authSession.id),
  (t) => [index('refresh_token_session_idx').on(t.sessionId)],
);

/** RotatingSession is what refresh rotation (refresh-rotation.ts) reads of a session row of either console. */
export interface RotatingSession {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * RotationStore is what rotation needs from a session table pair (store clerks' and operators' alike); it sits
 * beside the tables so the repos that implement it (auth.repo.ts, ops-auth.repo.ts) need no service file.
 */
export interface RotationStore<S extends RotatingSession> {
  findRefreshToken(tokenHash: string): Promise<{ id: string; usedAt: Date | null; session: S } | undefined>;
  /** Spends the token and stores its successor atomically; null when a parallel caller spent it first. */
  rotate(id: string, sessionId: string, successorHash: string, at: Date): Promise<Date | null>;
  usedAtOf(id: string): Promise<Date | null>;
  revokeSession(id: string, reason: string): Promise<void>;
  touchSession(id: string, at: Date): Promise<void>;
}
