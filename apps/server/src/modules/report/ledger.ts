import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assertSameRequest } from '../../domain/idempotency.ts';
import { store } from '../../domain/store.table.ts';
import { reportLedger } from './report.table.ts';

export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
type LedgerRow = typeof reportLedger.$inferSelect;

export interface Charge {
  storeId: string;
  amountFen: number;
  reason: string;
  idempotencyKey: string;
  /** The fingerprint of the client request behind the key (requestFingerprint); null for keys the server makes. */
  fingerprint?: string | null;
  reportId?: string | null;
  clerkId?: string | null;
}

/** lockStore serialises a store's money movements: the balance read and the new row happen under one row lock. */
async function lockStore(tx: Tx, storeId: string) {
  const rows = await tx.select({ id: store.id }).from(store).where(eq(store.id, storeId)).for('update');
  if (!rows.length) throw new AppError('NOT_FOUND', '门店不存在');
}

async function byKey(tx: Tx, storeId: string, key: string): Promise<LedgerRow | undefined> {
  const [row] = await tx
    .select()
    .from(reportLedger)
    .where(and(eq(reportLedger.storeId, storeId), eq(reportLedger.idempotencyKey, key)));
  return row;
}

/** replayed: the row a key already made, refused (409) when it was made by a different request than this one. */
async function replayed(tx: Tx, storeId: string, key: string, fingerprint: string | null): Promise<LedgerRow | undefined> {
  const seen = await byKey(tx, storeId, key);
  if (seen) assertSameRequest(seen.idempotencyFingerprint, { key, fingerprint });
  return seen;
}

export async function balanceOf(tx: Tx, storeId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${reportLedger.amountFen}), 0)` })
    .from(reportLedger)
    .where(eq(reportLedger.storeId, storeId));
  return Number(row.sum);
}

/**
 * The report ledger: the balance is the sum of a store's rows, every movement has an idempotency key, and
 * charges take the store's row lock first so parallel charges never overdraw.
 */
export function createLedger(db: Db) {
  const ledger = {
    balance: (storeId: string) => balanceOf(db, storeId),

    /**
     * charge debits inside the caller's transaction (so the report row and its charge commit together);
     * 余额不足 when the balance does not cover it. A key already used by the same request returns its row and
     * charges nothing; used by another request, it is refused.
     */
    async charge(tx: Tx, c: Charge): Promise<{ row: LedgerRow; replayed: boolean }> {
      await lockStore(tx, c.storeId);
      const seen = await replayed(tx, c.storeId, c.idempotencyKey, c.fingerprint ?? null);
      if (seen) return { row: seen, replayed: true };
      if ((await balanceOf(tx, c.storeId)) < c.amountFen) throw new AppError('QUOTA_EXCEEDED', '余额不足');
      const [row] = await tx
        .insert(reportLedger)
        .values({
          storeId: c.storeId,
          amountFen: -c.amountFen,
          kind: 'charge',
          reason: c.reason,
          idempotencyKey: c.idempotencyKey,
          idempotencyFingerprint: c.fingerprint ?? null,
          reportId: c.reportId ?? null,
          clerkId: c.clerkId ?? null,
        })
        .returning();
      return { row, replayed: false };
    },

    /** refund gives a charge back once (key `<charge key>:refund`), with the reason the abnormal list shows. */
    async refund(tx: Tx, chargeKey: string, storeId: string, reason: string): Promise<void> {
      const charge = await byKey(tx, storeId, chargeKey);
      if (charge?.kind !== 'charge') return;
      await tx
        .insert(reportLedger)
        .values({
          storeId,
          amountFen: -charge.amountFen,
          kind: 'refund',
          reason,
          idempotencyKey: `${chargeKey}:refund`,
          reportId: charge.reportId,
          clerkId: charge.clerkId,
        })
        .onConflictDoNothing();
    },

    /**
     * credit tops a store's balance up (the operator console will call this); the same idempotency key
     * never credits twice (and a key reused by a different request is refused). Returns the balance after it.
     */
    async credit(storeId: string, amountFen: number, reason: string, idempotencyKey: string): Promise<{ balanceFen: number; applied: boolean }> {
      return db.transaction((tx) => ledger.creditIn(tx, storeId, amountFen, reason, idempotencyKey));
    },

    /** creditIn is credit inside the caller's transaction (the operator console writes its audit row with it). */
    async creditIn(
      tx: Tx,
      storeId: string,
      amountFen: number,
      reason: string,
      idempotencyKey: string,
      fingerprint: string | null = null,
    ): Promise<{ balanceFen: number; applied: boolean }> {
      if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new AppError('VALIDATION_FAILED', '充值金额应为正整数（分）');
      await lockStore(tx, storeId);
      if (await replayed(tx, storeId, idempotencyKey, fingerprint)) return { balanceFen: await balanceOf(tx, storeId), applied: false };
      const inserted = await tx
        .insert(reportLedger)
        .values({ storeId, amountFen, kind: 'credit', reason, idempotencyKey, idempotencyFingerprint: fingerprint })
        .onConflictDoNothing()
        .returning();
      return { balanceFen: await balanceOf(tx, storeId), applied: inserted.length > 0 };
    },

    /**
     * correctIn fixes a mistaken movement with an entry of either sign (kind `correction`), inside the caller's
     * transaction; it never takes the balance below zero. The same key never corrects twice.
     */
    async correctIn(
      tx: Tx,
      storeId: string,
      amountFen: number,
      reason: string,
      idempotencyKey: string,
      fingerprint: string | null = null,
    ): Promise<{ balanceFen: number; applied: boolean }> {
      if (!Number.isSafeInteger(amountFen) || amountFen === 0) throw new AppError('VALIDATION_FAILED', '更正金额应为非零整数（分）');
      await lockStore(tx, storeId);
      if (await replayed(tx, storeId, idempotencyKey, fingerprint)) return { balanceFen: await balanceOf(tx, storeId), applied: false };
      const balance = await balanceOf(tx, storeId);
      if (balance + amountFen < 0) throw new AppError('VALIDATION_FAILED', `更正后余额不能为负数（当前余额 ${(balance / 100).toFixed(2)} 元）`);
      const inserted = await tx
        .insert(reportLedger)
        .values({ storeId, amountFen, kind: 'correction', reason, idempotencyKey, idempotencyFingerprint: fingerprint })
        .onConflictDoNothing()
        .returning();
      return { balanceFen: await balanceOf(tx, storeId), applied: inserted.length > 0 };
    },
  };
  return ledger;
}
export type Ledger = ReturnType<typeof createLedger>;
