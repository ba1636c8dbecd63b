import { and, desc, eq, ilike, or, count, sql, type SQL } from 'drizzle-orm';
import { type OpsAuditItem, opsActionLabel } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../report/ledger.ts';
import { store } from '../../domain/store.table.ts';
import { opsAudit } from './ops.table.ts';

export interface AuditEntry {
  operatorId: string | null;
  operatorName: string;
  action: string;
  targetType?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string;
}

/**
 * OpsAudit writes and reads the operator audit log. Writing takes the caller's transaction where there is
 * one, so an action and its audit row commit together; the table itself refuses UPDATE and DELETE.
 */
export function createOpsAudit(db: Db) {
  return {
    async write(entry: AuditEntry, tx: Tx = db) {
      await tx.insert(opsAudit).values({
        operatorId: entry.operatorId,
        operatorName: entry.operatorName,
        action: entry.action,
        targetType: entry.targetType ?? '',
        targetId: entry.targetId ?? '',
        before: entry.before ?? null,
        after: entry.after ?? null,
        ip: entry.ip ?? '',
      });
    },

    async list(q: { page_num: number; page_size: number; keyword?: string }): Promise<{ list: OpsAuditItem[]; total: number }> {
      const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where: SQL | undefined = like ? or(ilike(opsAudit.operatorName, like), ilike(opsAudit.action, like), ilike(opsAudit.targetId, like)) : undefined;
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ audit: opsAudit, storeName: store.storeName })
          .from(opsAudit)
          // A store row names its target: the operator reads the store's name, not its id.
          .leftJoin(store, and(eq(opsAudit.targetType, 'store'), eq(sql`${store.id}::text`, opsAudit.targetId)))
          .where(where)
          .orderBy(desc(opsAudit.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(opsAudit).where(where),
      ]);
      return {
        total: n,
        list: rows.map(({ audit: r, storeName }) => ({
          id: r.id,
          operator_name: r.operatorName,
          action: r.action,
          action_label: opsActionLabel[r.action] ?? r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          target_name: storeName ?? null,
          before: r.before,
          after: r.after,
          ip: r.ip,
          date_created: r.dateCreated.toISOString(),
        })),
      };
    },
  };
}
export type OpsAudit = ReturnType<typeof createOpsAudit>;
