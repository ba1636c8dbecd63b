import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { ReportViewLogQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { dayRangeFilter } from '../../db/date-range.ts';
import { paged } from '../../db/paged.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';

/** REPORT_VIEW is the operation the report module logs for each full view of a report (report.service `preview`). */
export const REPORT_VIEW = 'report-view';

/** createReportViewLogRepo pages one store's report views, newest first (operation_log_store_idx, platform 'store'). */
export function createReportViewLogRepo(db: Db) {
  return {
    async listForStore(storeId: string, q: ReportViewLogQuery) {
      const where: SQL[] = [
        eq(operationLog.storeId, storeId),
        eq(operationLog.platform, 'store'),
        eq(operationLog.action, REPORT_VIEW),
        ...dayRangeFilter(operationLog.dateCreated, q),
      ];
      if (q.for_clerk) where.push(eq(operationLog.clerkId, q.for_clerk));
      if (q.report_id) where.push(sql`${operationLog.detail}->>'report_id' = ${q.report_id}`);
      const condition = and(...where);
      const rows = db
        .select({ log: operationLog, clerkName: clerk.name })
        .from(operationLog)
        .leftJoin(clerk, eq(clerk.id, operationLog.clerkId))
        .where(condition)
        .orderBy(desc(operationLog.dateCreated), desc(operationLog.id))
        .$dynamic();
      return paged(db, q, rows, { from: operationLog, where: condition });
    },
  };
}
export type ReportViewLogRepo = ReturnType<typeof createReportViewLogRepo>;
