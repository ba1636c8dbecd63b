import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { createHomeRepo } from '../apps/server/src/modules/home/home.repo.ts';
import { createHomeService } from '../apps/server/src/modules/home/home.service.ts';
import type { AuthContext } from '../apps/server/src/http/authz.ts';
import { ALL_MODULES, Perm } from '@lease/shared';
import { type Engine, benchApp } from './bench-app.ts';
import { seedDevices } from './seed-devices.ts';
import { percentile } from './stats.ts';

const CALLS = ['device-overview', 'supervise-overview', 'report-overview', 'clerks'] as const;
const CLERKS = 10;
const PASSWORD = 'Bench#2026';

/**
 * seedAndroid adds n Android phones like seedDevices' iPhones: a year of registrations, a fifth never seen,
 * the rest last seen up to 200 hours ago, some locked, regulated or archived.
 */
async function seedAndroid(b: Awaited<ReturnType<typeof benchApp>>, n: number) {
  await b.db.execute(sql`
    insert into android_device (for_store, for_clerk, serial_number, imei_1, lock_status, regulate_status, archived, registration_time, last_active_time)
    select ${b.admin.storeId}, ${b.admin.id}, 'ASEED' || lpad(g::text, 8, '0'), '86' || lpad((g * 7919 % 10000000000000)::text, 13, '0'),
           g % 3, (g % 4 = 0)::int * 2, g % 50 = 0,
           now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
           case when g % 5 = 0 then null else now() - (g % 200) * interval '1 hour' end
    from generate_series(1::bigint, ${n}::bigint) g`);
  await b.db.execute(sql`vacuum analyze android_device`);
}

/** spreadOverClerks hands the devices to 10 clerks, so the home's per-clerk figures have work to do. */
async function spreadOverClerks(b: Awaited<ReturnType<typeof benchApp>>) {
  const passwordHash = await hashPassword(PASSWORD);
  const stamp = String(Date.now()).slice(-6);
  const clerks = await b.db
    .insert(clerk)
    .values(
      Array.from({ length: CLERKS - 1 }, (_, i) => ({
        storeId: b.admin.storeId,
        name: `店员${i + 1}`,
        phoneNumber: `167${stamp}${String(i).padStart(2, '0')}`,
        passwordHash,
        quotaLimit: true,
        totalQuota: 20_000,
      })),
    )
    .returning();
  const ids = sql.raw(`array['${[b.admin.id, ...clerks.map((c) => c.id)].join("','")}']::uuid[]`);
  await b.db.execute(sql`update ios_device set for_clerk = (${ids})[1 + (hashtext(id::text) & 2147483647) % ${CLERKS}] where for_store = ${b.admin.storeId}`);
  await b.db.execute(
    sql`update android_device set for_clerk = (${ids})[1 + (hashtext(id::text) & 2147483647) % ${CLERKS}] where for_store = ${b.admin.storeId}`,
  );
  await b.db.execute(sql`vacuum analyze ios_device`);
  await b.db.execute(sql`vacuum analyze android_device`);
  return clerks[0];
}

const percentiles = (sample: number[]) => ({ p50: percentile(sample, 50), p95: percentile(sample, 95) });

async function time(rounds: number, call: () => Promise<unknown>) {
  const sample: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const start = performance.now();
    await call();
    if (i >= 2) sample.push(performance.now() - start);
  }
  return percentiles(sample);
}

/**
 * The home's figures with `n` devices in one store (80 % Apple, 20 % Android, over 10 clerks): as the admin
 * (whole store) and as a clerk without view-all (own devices, a tenth). `cold` runs the service with its
 * cache off, so every call counts the devices again; `http` is GET /api/home/* as the console calls it, where
 * the 30 s cache answers all but the first call.
 */
export async function benchHomeOverview(engine: Engine, n = 100_000, rounds = 20) {
  const b = await benchApp(engine, n + 1000);
  try {
    await seedDevices(b, n * 0.8);
    await seedAndroid(b, n * 0.2);
    const plain = await spreadOverClerks(b);
    const login = await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: plain.phoneNumber, password: PASSWORD } });
    const callers = {
      admin: { headers: b.headers, auth: authOf(b.admin.id, b.admin.storeId, [Perm.ADMIN]) },
      clerk: { headers: { authorization: `Bearer ${login.json().access_token}` }, auth: authOf(plain.id, b.admin.storeId, []) },
    };
    const cold = createHomeService({ repo: createHomeRepo(b.db), reportOverview: b.app.reports.overview, cacheMs: 0 });
    const service: Record<(typeof CALLS)[number], (auth: AuthContext) => Promise<unknown>> = {
      'device-overview': cold.deviceOverview,
      'supervise-overview': cold.superviseOverview,
      'report-overview': cold.reportOverview,
      clerks: cold.clerks,
    };

    const perCall: Record<string, { p50: number; p95: number }> = {};
    for (const [who, { headers, auth }] of Object.entries(callers)) {
      for (const call of CALLS) {
        perCall[`${call} (${who}, cold)`] = await time(rounds, () => service[call](auth));
        perCall[`${call} (${who}, http)`] = await time(rounds, async () => {
          const res = await b.app.inject({ method: 'GET', url: `/api/home/${call}`, headers });
          if (res.statusCode !== 200) throw new Error(`${call}: ${res.body}`);
        });
      }
    }
    return { devices: n, perCall };
  } finally {
    await b.close();
  }
}

const authOf = (clerkId: string, storeId: string, perms: string[]): AuthContext => ({
  clerkId,
  storeId,
  sessionId: 'bench',
  isAdmin: perms.includes(Perm.ADMIN),
  perms,
  modules: ALL_MODULES,
});

type Row = (name: string, value: string, target: string) => void;

/** printHomeOverview is bench/run.ts's `home` section: one row per call and caller, per engine. */
export async function printHomeOverview(engines: Engine[], row: Row) {
  for (const engine of engines) {
    const r = await benchHomeOverview(engine);
    for (const [call, { p50, p95 }] of Object.entries(r.perCall)) {
      row(`home ${call}, ${r.devices / 1000}k, ${engine}`, `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`, 'p95 ≤ 100 ms');
    }
  }
}
