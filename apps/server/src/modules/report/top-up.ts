import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { store } from '../../domain/store.table.ts';
import { createLedger } from './ledger.ts';

/**
 * topUpStore gives a store report money (a ledger credit) and RCS queries: what the operator console will
 * do, and what the demo store and browser-test seeds use. The same key never credits twice.
 */
export async function topUpStore(db: Db, storeId: string, top: { balanceFen?: number; rcsCount?: number; reason?: string; key?: string }) {
  const key = top.key ?? `top-up:${randomUUID()}`;
  const credited = top.balanceFen ? await createLedger(db).credit(storeId, top.balanceFen, top.reason ?? '余额充值', key) : null;
  if (top.rcsCount && (credited?.applied ?? true))
    await db
      .update(store)
      .set({ rcsCount: sql`${store.rcsCount} + ${top.rcsCount}` })
      .where(eq(store.id, storeId));
  return { balanceFen: credited?.balanceFen ?? (await createLedger(db).balance(storeId)) };
}
