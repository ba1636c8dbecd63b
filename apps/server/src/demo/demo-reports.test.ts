import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { report } from '../modules/report/report.table.ts';
import { store } from '../domain/store.table.ts';
import { seedDemoReports } from './demo-reports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo store reports', () => {
  it('gets a sandbox balance, RCS queries and three sandbox reports, once across restarts', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ isDemo: true }).where(eq(store.id, s.id));
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    await seedDemoReports(t.db, t.app.reports);
    await seedDemoReports(t.db, t.app.reports);
    const rows = await t.db.select().from(report).where(eq(report.storeId, s.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.sandbox && r.status === 'success')).toBe(true);
    const balance = (await t.app.inject({ method: 'GET', url: '/api/report/balance', headers: admin.headers })).json();
    expect(balance).toMatchObject({ balance_fen: 50_000 - 3_800 - 1_500 - 1_500, rcs_count: 20, sandbox: true });
  });
});
