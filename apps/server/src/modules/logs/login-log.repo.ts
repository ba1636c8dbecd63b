import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLog } from './logs.table.ts';

/** LoginLogRepo writes login attempts and answers the throttle's questions about them. */
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
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
