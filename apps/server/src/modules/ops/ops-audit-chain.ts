import { sql } from 'drizzle-orm';
import type { OpsAuditVerifyResult } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../report/ledger.ts';

/**
 * The operator audit log is a hash chain: each row keeps the previous row's hash (`prev_hash`, '' for the
 * first) and `hash = sha256(prev_hash || canonical row)`, computed by the database function
 * `ops_audit_row_hash` (migration 0013), so the app, the backfill and the check hash the same bytes.
 * An edited row no longer matches its hash; a deleted or slipped-in row breaks the next row's link.
 */

/** CHAIN_LOCK serializes appends on PostgreSQL (transaction advisory lock): two writers never read the same head. */
const CHAIN_LOCK = 0x6f707361; // 'opsa'

/** VERIFY_BATCH rows are read at a time, so the check's memory stays flat however long the log grows. */
const VERIFY_BATCH = 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const json = (v: Record<string, unknown> | null | undefined) => (v == null ? null : JSON.stringify(v));

/** AuditEntry is one operator action as written to the log (ops-audit.ts writes it through appendAuditRow). */
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
 * appendAuditRow inserts one row at the head of the chain, inside `tx`. The lock is held to the end of
 * the transaction, so the next writer reads this row as its head only once it is committed.
 */
export async function appendAuditRow(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  await tx.execute(sql`
    with head as (select coalesce((select hash from ops_audit order by id desc limit 1), '') as prev),
      r as (
        select nextval(pg_get_serial_sequence('ops_audit', 'id')) as id, now() as at,
          ${entry.operatorId}::uuid as operator_id, ${entry.operatorName}::text as operator_name, ${entry.action}::text as action,
          ${entry.targetType ?? ''}::text as target_type, ${entry.targetId ?? ''}::text as target_id,
          ${json(entry.before)}::jsonb as before, ${json(entry.after)}::jsonb as after, ${entry.ip ?? ''}::text as ip
      )
    insert into ops_audit (id, operator_id, operator_name, action, target_type, target_id, before, after, ip, date_created, prev_hash, hash)
    select r.id, r.operator_id, r.operator_name, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.at, head.prev,
      ops_audit_row_hash(head.prev, r.id, r.operator_id, r.operator_name, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.at)
    from head, r`);
}

interface ChainRow {
  id: string | number;
  prev_hash: string;
  hash: string;
  expected: string;
}

/**
 * verifyAuditChain walks the log oldest first and reports the first row that does not hold: its content
 * was changed (hash differs), or its link does not name the row before it (a row was deleted or inserted).
 * `position` counts from 1 in id order, as the operator reads 第 N 条.
 */
export async function verifyAuditChain(db: Db): Promise<OpsAuditVerifyResult> {
  let prev = '';
  let position = 0;
  let lastId = 0;
  for (;;) {
    const rows = rowsOf<ChainRow>(
      await db.execute(sql`
        select id, prev_hash, hash,
          ops_audit_row_hash(prev_hash, id, operator_id, operator_name, action, target_type, target_id, before, after, ip, date_created) as expected
        from ops_audit where id > ${lastId} order by id limit ${VERIFY_BATCH}`),
    );
    for (const row of rows) {
      position += 1;
      const id = Number(row.id);
      if (row.prev_hash !== prev) return { ok: false, position, id, reason: 'link' };
      if (row.hash !== row.expected) return { ok: false, position, id, reason: 'content' };
      prev = row.hash;
      lastId = id;
    }
    if (rows.length < VERIFY_BATCH) return { ok: true, total: position, head_hash: prev || null };
  }
}
