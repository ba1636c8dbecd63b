import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { store } from '../../domain/store.table.ts';
import { type Ledger, balanceOf, createLedger } from './ledger.ts';
import { reportLedger } from './report.table.ts';

// The report ledger's rules, on the ledger itself: the balance is the sum of the store's rows, a charge needs the
// balance to cover it (exactly covering is enough), each key moves money once, a refund gives one charge back once,
// and a credit is a positive whole number of fen.

let database: Database;
let ledger: Ledger;
beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

const newStore = async () => (await database.db.insert(store).values({ storeName: '账本门店' }).returning())[0].id;
const rowsOf = (storeId: string) => database.db.select().from(reportLedger).where(eq(reportLedger.storeId, storeId)).orderBy(reportLedger.dateCreated);
const charge = (storeId: string, amountFen: number, idempotencyKey: string, extra: { reportId?: string; clerkId?: string } = {}) =>
  database.db.transaction((tx) => ledger.charge(tx, { storeId, amountFen, reason: '普通报告 张三', idempotencyKey, ...extra }));
const refund = (storeId: string, chargeKey: string, reason = '查询失败退款') => database.db.transaction((tx) => ledger.refund(tx, chargeKey, storeId, reason));
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('credit', () => {
  it('adds to the balance and answers the balance after it', async () => {
    const s = await newStore();
    expect(await ledger.balance(s)).toBe(0);
    expect(await ledger.credit(s, 1000, '充值', 'c1')).toEqual({ balanceFen: 1000, applied: true });
    expect(await ledger.credit(s, 250, '充值', 'c2')).toEqual({ balanceFen: 1250, applied: true });
    expect(await ledger.balance(s)).toBe(1250);
    expect(await rowsOf(s)).toMatchObject([
      { amountFen: 1000, kind: 'credit', reason: '充值', idempotencyKey: 'c1' },
      { amountFen: 250, kind: 'credit', reason: '充值', idempotencyKey: 'c2' },
    ]);
  });

  it('credits a key once', async () => {
    const s = await newStore();
    await ledger.credit(s, 500, '充值', 'same');
    expect(await ledger.credit(s, 500, '充值', 'same')).toEqual({ balanceFen: 500, applied: false });
    expect(await rowsOf(s)).toHaveLength(1);
  });

  it.each([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN])('refuses %s fen with a Chinese 400, writing nothing', async (amount) => {
    const s = await newStore();
    const err = await refusal(ledger.credit(s, amount, '充值', 'bad'));
    expect([err.statusCode, err.code, err.message]).toEqual([400, 'VALIDATION_FAILED', '充值金额应为正整数（分）']);
    expect(await rowsOf(s)).toHaveLength(0);
  });

  it('accepts one fen', async () => {
    const s = await newStore();
    expect(await ledger.credit(s, 1, '充值', 'one')).toEqual({ balanceFen: 1, applied: true });
  });

  it('refuses an unknown store (404 门店不存在)', async () => {
    const err = await refusal(ledger.credit(randomUUID(), 100, '充值', 'x'));
    expect([err.statusCode, err.message]).toEqual([404, '门店不存在']);
  });
});

describe('correction (the operator console)', () => {
  const correct = (storeId: string, amountFen: number, key: string, reason = '更正：重复充值') =>
    database.db.transaction((tx) => ledger.correctIn(tx, storeId, amountFen, reason, key));

  it('adds an entry of either sign as a correction and answers the balance after it', async () => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    expect(await correct(s, -300, 'k1')).toEqual({ balanceFen: 700, applied: true });
    expect(await correct(s, 50, 'k2', '更正：少充')).toEqual({ balanceFen: 750, applied: true });
    expect((await rowsOf(s)).slice(1)).toMatchObject([
      { amountFen: -300, kind: 'correction', reason: '更正：重复充值', idempotencyKey: 'k1' },
      { amountFen: 50, kind: 'correction', reason: '更正：少充', idempotencyKey: 'k2' },
    ]);
  });

  it('may take the balance to zero exactly, and refuses one fen more with the balance in yuan, writing nothing', async () => {
    const s = await newStore();
    await ledger.credit(s, 1234, '充值', 'c');
    const err = await refusal(correct(s, -1235, 'over'));
    expect([err.statusCode, err.code, err.message]).toEqual([400, 'VALIDATION_FAILED', '更正后余额不能为负数（当前余额 12.34 元）']);
    expect(await rowsOf(s)).toHaveLength(1);
    expect(await correct(s, -1234, 'exact')).toEqual({ balanceFen: 0, applied: true });
  });

  it('corrects a key once, whatever the second call asks (even what would overdraw: it is a repeat, not a refusal)', async () => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    await correct(s, -100, 'same');
    expect(await correct(s, -5000, 'same')).toEqual({ balanceFen: 900, applied: false });
    expect(await rowsOf(s)).toHaveLength(2);
  });

  it.each([0, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN])('refuses %s fen with a Chinese 400, writing nothing', async (amount) => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    const err = await refusal(correct(s, amount, 'bad'));
    expect([err.statusCode, err.code, err.message]).toEqual([400, 'VALIDATION_FAILED', '更正金额应为非零整数（分）']);
    expect(await rowsOf(s)).toHaveLength(1);
  });

  it('refuses an unknown store (404 门店不存在)', async () => {
    const err = await refusal(correct(randomUUID(), 100, 'x'));
    expect([err.statusCode, err.code, err.message]).toEqual([404, 'NOT_FOUND', '门店不存在']);
  });
});

describe('charge', () => {
  it('debits when the balance exactly covers it, and refuses one fen more with 余额不足', async () => {
    const s = await newStore();
    await ledger.credit(s, 300, '充值', 'c');
    const err = await refusal(charge(s, 301, 'too-much'));
    expect([err.code, err.message]).toEqual(['QUOTA_EXCEEDED', '余额不足']);
    expect(await ledger.balance(s)).toBe(300);

    const [reportId, clerkId] = [randomUUID(), randomUUID()];
    const { row, replayed } = await charge(s, 300, 'exact', { reportId, clerkId });
    expect(replayed).toBe(false);
    expect(row).toMatchObject({ storeId: s, amountFen: -300, kind: 'charge', reason: '普通报告 张三', idempotencyKey: 'exact', reportId, clerkId });
    expect(await ledger.balance(s)).toBe(0);
    expect(await refusal(charge(s, 1, 'empty'))).toMatchObject({ message: '余额不足' });
  });

  it('answers a used key with its first row and charges nothing more', async () => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    const first = await charge(s, 400, 'k');
    const again = await charge(s, 400, 'k');
    expect(again).toEqual({ row: first.row, replayed: true });
    expect(await ledger.balance(s)).toBe(600);
    // The key is the store's: another store may use the same one.
    const other = await newStore();
    await ledger.credit(other, 400, '充值', 'c');
    expect((await charge(other, 400, 'k')).replayed).toBe(false);
  });

  it('never overdraws under parallel charges', async () => {
    const s = await newStore();
    await ledger.credit(s, 500, '充值', 'c');
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => charge(s, 100, `p${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await ledger.balance(s)).toBe(0);
  });

  it('refuses an unknown store (404 门店不存在)', async () => {
    expect(await refusal(charge(randomUUID(), 1, 'x'))).toMatchObject({ statusCode: 404, message: '门店不存在' });
  });
});

describe('refund', () => {
  it('gives a charge back once, with the reason, the report and the clerk of the charge', async () => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    const [reportId, clerkId] = [randomUUID(), randomUUID()];
    await charge(s, 400, 'r', { reportId, clerkId });
    await refund(s, 'r', '查询失败：供应商超时');
    await refund(s, 'r', '再退一次');
    expect(await ledger.balance(s)).toBe(1000);
    const refunds = (await rowsOf(s)).filter((r) => r.kind === 'refund');
    expect(refunds).toMatchObject([{ amountFen: 400, kind: 'refund', reason: '查询失败：供应商超时', idempotencyKey: 'r:refund', reportId, clerkId }]);
    // A charge without a report or clerk (a blacklist check, a top-up's refund) records them as null.
    expect((await charge(s, 1, 'bare')).row).toMatchObject({ reportId: null, clerkId: null });
  });

  it('does nothing for an unknown key, a credit, or another store’s charge', async () => {
    const s = await newStore();
    await ledger.credit(s, 1000, '充值', 'c');
    await charge(s, 400, 'mine');
    await refund(s, 'nothing-here');
    await refund(s, 'c');
    const other = await newStore();
    await refund(other, 'mine');
    expect(await ledger.balance(s)).toBe(600);
    expect(await ledger.balance(other)).toBe(0);
    expect((await rowsOf(s)).map((r) => r.kind)).toEqual(['credit', 'charge']);
  });
});

describe('balanceOf', () => {
  it('sums only the store’s rows', async () => {
    const [a, b] = [await newStore(), await newStore()];
    await ledger.credit(a, 700, '充值', 'c');
    await ledger.credit(b, 20, '充值', 'c');
    expect(await balanceOf(database.db, a)).toBe(700);
    expect(await balanceOf(database.db, b)).toBe(20);
  });
});
