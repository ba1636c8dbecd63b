import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db.ts';
import type { Database } from './client.ts';

// The device lists page through their ids in index order and count their total from one index (spec §5's sorts,
// both directions, and a clerk's own list): at a store of 100,000 phones a sort or a heap visit per row is what
// takes a list past 30 ms. Seq and bitmap scans are switched off so the planner shows what the indexes allow on a
// table of a few stores and clerks. The ORDER BY is the repos' (ios-device.repo.ts, android-device.repo.ts).

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // Rows of 4 stores × 5 clerks, vacuumed and analysed as a live table is, so the most selective index wins. A plan needs no store or clerk rows:
  // the foreign keys' triggers are off for this one transaction (replica role; the test databases' user may).
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of ['ios_device', 'android_device']) {
      await tx.execute(
        sql.raw(`
        insert into ${table} (for_store, for_clerk, serial_number)
        select ('00000000-0000-4000-8000-00000000000' || (1 + g % 4))::uuid, ('00000000-0000-4000-8000-00000000001' || (g % 5))::uuid, 'LIST' || g
        from generate_series(1, 400) g`),
      );
    }
  });
  for (const table of ['ios_device', 'android_device']) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
});
afterAll(() => database.close());

const STORE = '00000000-0000-4000-8000-000000000001';
const CLERK = '00000000-0000-4000-8000-000000000012';

/** plan is the statement's plan as JSON text, on one connection (a pool's other connections keep their settings). */
function plan(query: ReturnType<typeof sql>) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const { rows } = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
    return JSON.stringify(rows[0]['QUERY PLAN']);
  });
}

const anySort = /"Node Type":"[^"]*Sort"/;
const ORDERS = {
  'registration_time descend': 'registration_time desc nulls last, id desc',
  'registration_time ascend': 'registration_time asc nulls first, id asc',
  'last_active_time descend': 'last_active_time desc nulls last, id desc',
  'last_active_time ascend': 'last_active_time asc nulls first, id asc',
};

describe.each([
  { table: 'ios_device', shown: 'recycled_status = 0' },
  { table: 'android_device', shown: 'archived = false' },
])('$table', ({ table, shown }) => {
  const from = sql.raw(table);
  const store = sql.raw(`for_store = '${STORE}' and ${shown}`);
  const clerks = sql.raw(`for_store = '${STORE}' and for_clerk = '${CLERK}' and ${shown}`);

  it.each(Object.entries(ORDERS))('pages the list by %s without sorting', async (_, order) => {
    const text = await plan(sql`select id from ${from} where ${store} order by ${sql.raw(order)} limit 20 offset 100`);
    expect(text).toMatch(/"Node Type":"Index Only Scan"/);
    expect(text).not.toMatch(anySort);
  });

  it('counts a clerk’s list from the clerk index alone', async () => {
    const text = await plan(sql`select count(*) from ${from} where ${clerks}`);
    expect(text).toContain('"Node Type":"Index Only Scan"');
    expect(text).toContain(`"Index Name":"${table}_clerk_idx"`);
  });

  it.each(['registration_time descend', 'registration_time ascend'] as const)(
    'pages a clerk’s list by %s from the clerk index, without sorting',
    async (key) => {
      const text = await plan(sql`select id from ${from} where ${clerks} order by ${sql.raw(ORDERS[key])} limit 20 offset 100`);
      expect(text).toContain(`"Index Name":"${table}_clerk_idx"`);
      expect(text).not.toMatch(anySort);
    },
  );
});
