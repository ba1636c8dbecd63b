import { type SQL, and, count, desc, eq, gte } from 'drizzle-orm';
import type { LoginLogListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { dayRangeFilter } from '../../db/date-range.ts';
import { loginLog } from './login-log.table.ts';

/** LoginLogRepo writes login attempts, answers the throttle's questions and pages a store's log. */
export function createLoginLogRepo(db: Db) {
  return {
    async insert(values: typeof loginLog.$inferInsert) {
      await db.insert(loginLog).values(values);
    },
    async countFromIpSince(ip: string, since: Date) {
      const [row] = await db.select({ n: count() }).from(loginLog).where(and(eq(loginLog.ip, ip), gte(loginLog.dateCreated, since)));
      return row.n;
    },
    async countStatusForAccountSince(account: string, status: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(loginLog)
        .where(and(eq(loginLog.account, account), eq(loginLog.status, status), gte(loginLog.dateCreated, since)));
      return row.n;
    },
    async hasSuccessFromIpSince(account: string, ip: string, status: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(loginLog)
        .where(and(eq(loginLog.account, account), eq(loginLog.ip, ip), eq(loginLog.status, status), gte(loginLog.dateCreated, since)));
      return row.n > 0;
    },
    /** listForStore pages one store's attempts, newest first (login_log_store_idx). */
    async listForStore(storeId: string, q: LoginLogListQuery) {
      const where: SQL[] = [eq(loginLog.storeId, storeId), ...dayRangeFilter(loginLog.dateCreated, q)];
      if (q.for_clerk) where.push(eq(loginLog.clerkId, q.for_clerk));
      if (q.status !== undefined) where.push(eq(loginLog.status, q.status));
      const condition = and(...where);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ log: loginLog, clerkName: clerk.name })
          .from(loginLog)
          .leftJoin(clerk, eq(clerk.id, loginLog.clerkId))
          .where(condition)
          .orderBy(desc(loginLog.dateCreated), desc(loginLog.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(loginLog).where(condition),
      ]);
      return { rows, total: n };
    },
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
