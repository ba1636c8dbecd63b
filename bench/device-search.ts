import { sql } from 'drizzle-orm';
import { percentile } from './stats.ts';
import { type Engine, benchApp } from './bench-app.ts';
import { seedListStore } from './seed-devices.ts';

/**
 * The header search's queries against the seeded fleet (seed-devices.ts): the last 4 digits of a hirer's phone, a
 * hirer's name, and a fragment of an IMEI (the bench store's device 98765: 350000782120035).
 */
const QUERIES = ['5678', '租机人123', '82120035'];

/**
 * GET /api/search/devices latency for the bench store's admin, with the store holding `n` Apple devices; with
 * `fleet`, a million Apple devices over 50 stores and 200,000 Android phones around it (as the list bench). Also
 * returns PostgreSQL's plan of the phone query, to show the trigram indexes at work.
 */
export async function benchDeviceSearch(engine: Engine, n = 100_000, rounds = 20, fleet = false) {
  const b = await benchApp(engine);
  try {
    const seedSeconds = await seedListStore(b, n, fleet);
    // A million rows take longer to seed than an access token lives: sign in again.
    const login = await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: b.admin.phoneNumber, password: 'Bench#2026' } });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const times: number[] = [];
    const perQuery: Record<string, { p95: number; found: number }> = {};
    for (const q of QUERIES) {
      const sample: number[] = [];
      let found = 0;
      for (let round = 0; round < rounds + 1; round++) {
        const start = performance.now();
        const res = await b.app.inject({ method: 'GET', url: `/api/search/devices?q=${encodeURIComponent(q)}`, headers });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${q}: ${res.body}`);
        found = res.json().list.length;
        // The first round warms the caches; it is not counted.
        if (round > 0) sample.push(ms);
      }
      times.push(...sample);
      perQuery[q] = { p95: percentile(sample, 95), found };
    }
    // The repo's statement for each query and platform (search.repo.ts, written out): PostgreSQL's own time, apart
    // from the request's, and the plan of the phone query to show the trigram indexes at work.
    const plans: Record<string, string[]> = {};
    for (const q of QUERIES)
      for (const table of ['ios_device', 'android_device']) {
        const inService = table === 'ios_device' ? sql`recycled_status = 0` : sql`not archived`;
        const plan = await b.db.execute(sql`explain (analyze, costs off)
          select id from ${sql.raw(table)}
          where for_store = ${b.admin.storeId} and ${inService}
            and (("hirer_phone_number" || ' ' || "serial_number" || ' ' || "imei_1" || ' ' || "imei_2") ilike ${`%${q}%`}
              or ("hirer_name" || ' ' || "remark") ilike ${`%${q}%`})
          order by case when hirer_phone_number = ${q} or hirer_name = ${q} then 0 when hirer_phone_number like ${`%${q}`} then 1
                        when hirer_name like ${`${q}%`} then 2 else 3 end, last_active_time desc nulls last, id
          limit 11`);
        plans[`${table} q=${q}`] = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
      }
    return { devices: n, fleet, seedSeconds, p50: percentile(times, 50), p95: percentile(times, 95), perQuery, plans };
  } finally {
    await b.close();
  }
}
