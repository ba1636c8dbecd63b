import { and, count, eq, gte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/** LoginAttemptTable is a login log: the store's (login_log) or the operators' (operator_login_log). */
export type LoginAttemptTable = PgTable & { account: PgColumn; ip: PgColumn; status: PgColumn; dateCreated: PgColumn };

/**
 * loginAttemptQueries writes a login log's rows and answers the login throttle's three questions
 * (password-login.ts) on it; both consoles' logs have the same columns for them.
 */
export function loginAttemptQueries<T extends LoginAttemptTable>(db: Db, table: T) {
  const from: PgTable = table;
  return {
    async insert(values: T['$inferInsert']) {
      await db.insert(table).values(values);
    },
    async countFromIpSince(ip: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(from)
        .where(and(eq(table.ip, ip), gte(table.dateCreated, since)));
      return row.n;
    },
    async countStatusForAccountSince(account: string, status: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(from)
        .where(and(eq(table.account, account), eq(table.status, status), gte(table.dateCreated, since)));
      return row.n;
    },
    async hasSuccessFromIpSince(account: string, ip: string, status: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(from)
        .where(and(eq(table.account, account), eq(table.ip, ip), eq(table.status, status), gte(table.dateCreated, since)));
      return row.n > 0;
    },
  };
}
