import { type SQL, and, desc, eq } from 'drizzle-orm';
import type { LoginLogListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { dayRangeFilter } from '../../db/date-range.ts';
import { paged } from '../../db/paged.ts';
import { loginAttemptQueries } from './login-attempts.query.ts';
import { loginLog } from './login-log.table.ts';

/** LoginLogRepo writes login attempts, answers the throttle's questions and pages a store's log. */
export function createLoginLogRepo(db: Db) {
  return {
    ...loginAttemptQueries(db, loginLog),
    /** listForStore pages one store's attempts, newest first (login_log_store_idx). */
    async listForStore(storeId: string, q: LoginLogListQuery) {
      const where: SQL[] = [eq(loginLog.storeId, storeId), ...dayRangeFilter(loginLog.dateCreated, q)];
      if (q.for_clerk) where.push(eq(loginLog.clerkId, q.for_clerk));
      if (q.status !== undefined) where.push(eq(loginLog.status, q.status));
      const condition = and(...where);
      const rows = db
        .select({ log: loginLog, clerkName: clerk.name })
        .from(loginLog)
        .leftJoin(clerk, eq(clerk.id, loginLog.clerkId))
        .where(condition)
        .orderBy(desc(loginLog.dateCreated), desc(loginLog.id))
        .$dynamic();
      return paged(db, q, rows, { from: loginLog, where: condition });
    },
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
