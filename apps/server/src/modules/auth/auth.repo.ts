import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';
import { authSession, refreshToken } from './auth.table.ts';

/** AuthRepo reads and writes sessions and refresh tokens; it makes no decisions. */
export function createAuthRepo(db: Db) {
  return {
    async createSession(values: { clerkId: string; storeId: string; expiresAt: Date; ip: string; userAgent: string }) {
      const [row] = await db.insert(authSession).values(values).returning({ id: authSession.id });
      return row.id;
    },

    async insertRefreshToken(sessionId: string, tokenHash: string) {
      await db.insert(refreshToken).values({ sessionId, tokenHash });
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ id: refreshToken.id, usedAt: refreshToken.usedAt, session: authSession })
        .from(refreshToken)
        .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
        .where(eq(refreshToken.tokenHash, tokenHash));
      return row;
    },

    /**
     * rotate spends a refresh token and stores its successor in one transaction. The conditional update
     * lets exactly one of several racing callers win (on PostgreSQL the others wait for its commit and
     * then match no row); it returns the moment of rotation, or null when another caller had spent it.
     */
    async rotate(id: string, sessionId: string, successorHash: string, at: Date): Promise<Date | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(refreshToken)
          .set({ usedAt: at })
          .where(and(eq(refreshToken.id, id), isNull(refreshToken.usedAt)))
          .returning({ usedAt: refreshToken.usedAt });
        if (rows.length !== 1) return null;
        await tx.insert(refreshToken).values({ sessionId, tokenHash: successorHash });
        return rows[0].usedAt;
      });
    },

    /** usedAtOf re-reads when a refresh token was spent: the loser of a rotation race needs the winner's time. */
    async usedAtOf(id: string): Promise<Date | null> {
      const [row] = await db.select({ usedAt: refreshToken.usedAt }).from(refreshToken).where(eq(refreshToken.id, id));
      return row?.usedAt ?? null;
    },

    async revokeSession(id: string, reason: string) {
      await db
        .update(authSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(authSession.id, id), isNull(authSession.revokedAt)));
    },

    async revokeClerkSessions(clerkId: string, reason: string) {
      await db
        .update(authSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(authSession.clerkId, clerkId), isNull(authSession.revokedAt)));
    },

    async revokeStoreSessions(storeId: string, reason: string) {
      await db
        .update(authSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(authSession.storeId, storeId), isNull(authSession.revokedAt)));
    },

    async storeDisabled(storeId: string): Promise<boolean> {
      const [row] = await db.select({ disabledAt: store.disabledAt }).from(store).where(eq(store.id, storeId));
      return Boolean(row?.disabledAt);
    },

    async touchSession(id: string, at: Date) {
      await db.update(authSession).set({ lastSeenAt: at }).where(eq(authSession.id, id));
    },

    /** loadPrincipal reads the session with its clerk and store in one query: the per-request check. */
    async loadPrincipal(sessionId: string) {
      const [row] = await db
        .select({
          session: authSession,
          clerk: {
            id: clerk.id,
            storeId: clerk.storeId,
            isAdmin: clerk.isAdmin,
            permission: clerk.permission,
            disabled: clerk.disabled,
          },
          modules: store.modules,
          storeDisabledAt: store.disabledAt,
        })
        .from(authSession)
        .innerJoin(clerk, eq(clerk.id, authSession.clerkId))
        .innerJoin(store, eq(store.id, clerk.storeId))
        .where(eq(authSession.id, sessionId));
      return row;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
