import fs from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { createOpsAudit } from './ops-audit.ts';
import { signInOperator } from './ops.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const audit = () => createOpsAudit(t.db);
const write = (action: string, extra: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {}) =>
  audit().write({ operatorId: null, operatorName: '测试运营', action, targetType: 'store', targetId: 'x', ip: '10.0.0.1', ...extra });

interface Row {
  id: string | number;
  prev_hash: string;
  hash: string;
}
const chain = async () => rowsOf<Row>(await t.db.execute(sql`select id, prev_hash, hash from ops_audit order by id`));

/** tamper runs what someone with the table owner's rights could: the append-only trigger is lifted around it. */
const tamper = (statement: SQL) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ops_audit disable trigger ops_audit_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table ops_audit enable trigger ops_audit_no_update_delete`);
  });

/** middleRows appends four rows and returns the chain with the last-but-one row (a middle row) and its position. */
async function middleRows() {
  await write('store.update', { before: { name: '甲', balance: 1 }, after: { name: '乙', balance: 2 } });
  await write('store.disable');
  await write('store.enable', { after: { nested: { b: 2, a: [1, '二'] } } });
  await write('settings.update');
  const rows = await chain();
  return { rows, middle: rows.at(-2)!, position: rows.length - 1 };
}

describe('ops audit hash chain', () => {
  it('links each row to the one before it, and a clean chain verifies', async () => {
    await middleRows();
    const rows = await chain();
    expect(rows[0].prev_hash).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    expect(await audit().verify()).toEqual({ ok: true, total: rows.length, head_hash: rows.at(-1)!.hash });
  });

  it('detects an edited row, at its position, and holds again once it is put back', async () => {
    const { middle, position } = await middleRows();
    await tamper(sql`update ops_audit set operator_name = '别人' where id = ${middle.id}`);
    expect(await audit().verify()).toEqual({ ok: false, position, id: Number(middle.id), reason: 'content' });
    // Recomputing the edited row's own hash does not help: the next row's link no longer matches.
    await tamper(
      sql`update ops_audit set hash = ops_audit_row_hash(prev_hash, id, operator_id, operator_name, action, target_type, target_id, before, after, ip, date_created) where id = ${middle.id}`,
    );
    expect(await audit().verify()).toMatchObject({ ok: false, position: position + 1, reason: 'link' });
    await tamper(sql`update ops_audit set operator_name = '测试运营', hash = ${middle.hash} where id = ${middle.id}`);
    expect((await audit().verify()).ok).toBe(true);
  });

  it('detects a deleted middle row at the row after the gap', async () => {
    const { rows, middle, position } = await middleRows();
    // Kept as JSON text from the database itself, so the time keeps its microseconds.
    const [{ saved }] = rowsOf<{ saved: string }>(await t.db.execute(sql`select row_to_json(o)::text as saved from ops_audit o where id = ${middle.id}`));
    await tamper(sql`delete from ops_audit where id = ${middle.id}`);
    expect(await audit().verify()).toEqual({ ok: false, position, id: Number(rows.at(-1)!.id), reason: 'link' });
    await tamper(sql`insert into ops_audit select * from json_populate_record(null::ops_audit, ${saved}::json)`);
    expect((await audit().verify()).ok).toBe(true);
  });

  it('detects a forged row, whether appended with a made-up hash or slipped between two rows with a valid one', async () => {
    const before = await chain();
    const head = before.at(-1)!;
    const forged = sql`insert into ops_audit (id, operator_name, action, prev_hash, hash) values (${Number(head.id) + 1000}, '伪造', 'store.balance', ${head.hash}, ${'f'.repeat(64)})`;
    await tamper(forged);
    expect(await audit().verify()).toEqual({ ok: false, position: before.length + 1, id: Number(head.id) + 1000, reason: 'content' });
    await tamper(sql`delete from ops_audit where id = ${Number(head.id) + 1000}`);
    expect((await audit().verify()).ok).toBe(true);

    // A gap in the ids (a rolled-back append) lets a row be slipped in between; its own hash is right.
    await write('store.disable');
    await t.db.execute(sql`select nextval(pg_get_serial_sequence('ops_audit', 'id'))`);
    await write('store.enable');
    const rows = await chain();
    const [a, b] = rows.slice(-2);
    const gap = Number(a.id) + 1;
    expect(Number(b.id)).toBeGreaterThan(gap);
    await tamper(sql`insert into ops_audit (id, operator_name, action, date_created, prev_hash, hash)
      select ${gap}, '伪造', 'store.balance', now(), ${a.hash},
        ops_audit_row_hash(${a.hash}, ${gap}, null, '伪造', 'store.balance', '', '', null, null, '', now())`);
    expect(await audit().verify()).toEqual({ ok: false, position: rows.length + 1, id: Number(b.id), reason: 'link' });
    await tamper(sql`delete from ops_audit where id = ${gap}`);
    expect((await audit().verify()).ok).toBe(true);
  });

  it('keeps the chain linear under parallel appends (own transactions and callers’ transactions)', async () => {
    const start = (await chain()).length;
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2
          ? write('store.update', { after: { i } })
          : t.db.transaction((tx) => audit().write({ operatorId: null, operatorName: '并发', action: 'store.balance', after: { i } }, tx)),
      ),
    );
    const rows = await chain();
    expect(rows).toHaveLength(start + 24);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect(await audit().verify()).toMatchObject({ ok: true, total: rows.length });
  });

  it('backfills the rows written before the chain, oldest first (migration 0013)', async () => {
    await middleRows();
    const expected = await chain();
    await tamper(sql`update ops_audit set prev_hash = '', hash = ''`);
    expect(await audit().verify()).toMatchObject({ ok: false, position: 1, reason: 'content' });
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0013_ops_audit_chain.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint').map((s) => s.trim());
    const backfill = statements.slice(statements.findIndex((s) => s.includes('DISABLE TRIGGER')));
    expect(backfill).toHaveLength(3);
    await t.db.transaction(async (tx) => {
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    expect(await chain()).toEqual(expected);
    expect((await audit().verify()).ok).toBe(true);
  });

  it('GET /api/ops/audit/verify answers operators only', async () => {
    const { headers } = await signInOperator(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/audit/verify', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    const store = await t.signedIn({ isAdmin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/audit/verify', headers: store.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/audit/verify' })).statusCode).toBe(401);
  });
});
