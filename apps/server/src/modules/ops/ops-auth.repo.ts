import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RotationStore } from '../auth/auth.table.ts';
import { loginAttemptQueries } from '../logs/login-attempts.query.ts';
import { operator, operatorLoginLog, operatorRefreshToken, operatorSession } from './ops.table.ts';

export type OperatorRow = typeof operator.$inferSelect;
export type OperatorSessionRow = typeof operatorSession.$inferSelect;

/** OpsAuthRepo reads and writes operators, their sessions, refresh tokens and login log; it makes no decisions. */
export function createOpsAuthRepo(db: Db) {
  const rotation: RotationStore<OperatorSessionRow> = {
    async findRefreshToken(tokenHash) {
      const [row] = await db
        .select({ id: operatorRefreshToken.id, usedAt: operatorRefreshToken.usedAt, session: operatorSession })
        .from(operatorRefreshToken)
        .innerJoin(operatorSession, eq(operatorSession.id, operatorRefreshToken.sessionId))
        .where(eq(operatorRefreshToken.tokenHash, tokenHash));
      return row;
    },
    async rotate(id, sessionId, successorHash, at) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(operatorRefreshToken)
          .set({ usedAt: at })
          .where(and(eq(operatorRefreshToken.id, id), isNull(operatorRefreshToken.usedAt)))
          .returning({ usedAt: operatorRefreshToken.usedAt });
        if (rows.length !== 1) return null;
        await tx.insert(operatorRefreshToken).values({ sessionId, tokenHash: successorHash });
        return rows[0].usedAt;
      });
    },
    async usedAtOf(id) {
      const [row] = await db.select({ usedAt: operatorRefreshToken.usedAt }).from(operatorRefreshToken).where(eq(operatorRefreshToken.id, id));
      return row?.usedAt ?? null;
    },
    async revokeSession(id, reason) {
      await db
        .update(operatorSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(operatorSession.id, id), isNull(operatorSession.revokedAt)));
    },
    async touchSession(id, at) {
      await db.update(operatorSession).set({ lastSeenAt: at }).where(eq(operatorSession.id, id));
    },
  };

  return {
    ...rotation,

    async findByPhone(phone: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operator).where(eq(operator.phone, phone));
      return row;
    },
    async findById(id: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operator).where(eq(operator.id, id));
      return row;
    },
    async updateOperator(id: string, values: Partial<typeof operator.$inferInsert>) {
      await db.update(operator).set(values).where(eq(operator.id, id));
    },
    /** acceptTotpStep records a used step only if it is newer than the last one: the loser of a race gets false. */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(operator)
        .set({ totpLastStep: step })
        .where(and(eq(operator.id, id), lt(operator.totpLastStep, step)))
        .returning({ last: operator.totpLastStep });
      return rows.length === 1;
    },

    async createSession(values: { operatorId: string; mfa: boolean; expiresAt: Date; ip: string; userAgent: string }) {
      const [row] = await db.insert(operatorSession).values(values).returning({ id: operatorSession.id });
      return row.id;
    },
    async insertRefreshToken(sessionId: string, tokenHash: string) {
      await db.insert(operatorRefreshToken).values({ sessionId, tokenHash });
    },
    async markMfa(sessionId: string) {
      await db.update(operatorSession).set({ mfa: true }).where(eq(operatorSession.id, sessionId));
    },
    async revokeOtherSessions(operatorId: string, keep: string, reason: string) {
      await db
        .update(operatorSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(operatorSession.operatorId, operatorId), ne(operatorSession.id, keep), isNull(operatorSession.revokedAt)));
    },
    async loadPrincipal(sessionId: string) {
      const [row] = await db
        .select({ session: operatorSession, operator })
        .from(operatorSession)
        .innerJoin(operator, eq(operator.id, operatorSession.operatorId))
        .where(eq(operatorSession.id, sessionId));
      return row;
    },

    loginLog: loginAttemptQueries(db, operatorLoginLog),
  };
}
export type OpsAuthRepo = ReturnType<typeof createOpsAuthRepo>;
