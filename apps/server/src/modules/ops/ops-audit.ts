import { and, desc, eq, ilike, or, count, sql, type SQL } from 'drizzle-orm';
import { type OpsAuditItem, opsActionLabel } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../report/ledger.ts';
import { store } from '../../domain/store.table.ts';
import { type AuditEntry, appendAuditRow, verifyAuditChain } from './ops-audit-chain.ts';
import { opsAudit } from './ops.table.ts';

/**
 * OpsAudit writes and reads the operator audit log. Writing takes the caller's transaction where there is
 * one, so an action and its audit row commit together; the table itself refuses UPDATE and DELETE, and the
 * hash chain (ops-audit-chain.ts) shows a change made around that (trigger disabled, rows edited by hand).
 */
export function createOpsAudit(db: Db) {
  return {
    /** write appends to the hash chain, in the caller's transaction or in one of its own (the lock needs one). */
    async write(entry: AuditEntry, tx?: Tx) {
      if (tx) await appendAuditRow(tx, entry);
      else await db.transaction((own) => appendAuditRow(own, entry));
    },

    /** verify walks the chain and names the first row that was changed, deleted or slipped in. */
    verify: () => verifyAuditChain(db),

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
