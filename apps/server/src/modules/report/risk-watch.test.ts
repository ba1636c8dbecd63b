import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MODULES, Module, Perm } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { riskWatchHit, riskWatchRun } from './report.table.ts';
import { topUpStore } from './top-up.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const run = () =>
  t.app.reports.jobs.find((j) => j.name === 'report-risk-watch')!.run() as Promise<
    { storeId: string; hirers: number; checked: number; alerts: number; stopped: string | null }[]
  >;
const mine = (results: Awaited<ReturnType<typeof run>>, storeId: string) => results.find((r) => r.storeId === storeId);

async function leasingStore(modules = ALL_MODULES, balanceFen = 10_000) {
  const s = await t.newStore({ modules });
  await topUpStore(t.db, s.id, { balanceFen });
  await t.db.insert(storeApiSetting).values({ storeId: s.id, enabled: true, callbackUrl: 'https://erp.example.com/hook' });
  const listed = await t.newIosDevice({ storeId: s.id, enrolled: true, hirerName: '赵六', hirerPhoneNumber: '13800000004' });
  await t.newAndroidDevice({ storeId: s.id, hirerName: '钱七', hirerPhoneNumber: '13800000005' });
  await t.newIosDevice({ storeId: s.id, enrolled: true, hirerPhoneNumber: '13800000014', recycledStatus: 1 }); // in the recycle bin: not watched
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { store: s, listed, admin: admin.headers };
}
const balance = async (h: { authorization: string }) => (await t.app.inject({ method: 'GET', url: '/api/report/balance', headers: h })).json().balance_fen;

describe('early access: blacklist re-check of active hirers', () => {
  it('charges each active hirer once per run, alerts and sends a webhook once when a hirer newly appears', async () => {
    const s = await leasingStore();
    const first = mine(await run(), s.store.id)!;
    expect(first).toMatchObject({ hirers: 2, checked: 2, alerts: 1, stopped: null });
    expect(await balance(s.admin)).toBe(10_000 - 2 * 300);
    const events = await t.db
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.storeId, s.store.id), eq(webhookEvent.type, 'device.hirer_blacklisted')));
    expect(events).toHaveLength(1);
    expect(events[0].deviceId).toBe(s.listed.id);

    const alerts = await t.app.inject({ method: 'GET', url: '/api/report/risk-alerts', headers: s.admin });
    expect(alerts.json()).toMatchObject({
      total: 1,
      list: [{ platform: 'ios', device_id: s.listed.id, hirer_name: '赵六', hirer_phone_number: '138****0004', sandbox: true }],
    });
    const home = (await t.app.inject({ method: 'GET', url: '/api/home/report-overview', headers: s.admin })).json();
    expect(home.risk_watch).toMatchObject({ watched_hirers: 2, new_alerts_7d: 1 });

    // Within the interval nothing runs (nor charges) again.
    expect(mine(await run(), s.store.id)).toBeUndefined();
    expect(await balance(s.admin)).toBe(9_400);

    // The next interval checks again, but the same hirer on the same phone is not "new".
    await t.db
      .update(riskWatchRun)
      .set({ lastRunAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(riskWatchRun.storeId, s.store.id));
    expect(mine(await run(), s.store.id)).toMatchObject({ checked: 2, alerts: 0 });
    expect(await t.db.select().from(riskWatchHit).where(eq(riskWatchHit.storeId, s.store.id))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(webhookEvent)
        .where(and(eq(webhookEvent.storeId, s.store.id), eq(webhookEvent.type, 'device.hirer_blacklisted'))),
    ).toHaveLength(1);
  });

  it('stops when the balance runs out', async () => {
    const s = await leasingStore(ALL_MODULES, 300);
    expect(mine(await run(), s.store.id)).toMatchObject({ checked: 1, stopped: '余额不足' });
    expect(await balance(s.admin)).toBe(0);
  });

  it('leaves stores without the early-access module alone, and hides its alerts from them', async () => {
    const s = await leasingStore(ALL_MODULES.filter((m) => m !== Module.EARLY_ACCESS));
    expect(mine(await run(), s.store.id)).toBeUndefined();
    expect(await balance(s.admin)).toBe(10_000);
    const res = await t.app.inject({ method: 'GET', url: '/api/report/risk-alerts', headers: s.admin });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/home/report-overview', headers: s.admin })).json().risk_watch).toBeNull();
    const clerk = await t.signedIn({ storeId: s.store.id, permission: Perm.APPLE_LIST_NEW });
    expect((await t.app.inject({ method: 'GET', url: '/api/report/risk-alerts', headers: clerk.headers })).statusCode).toBe(403);
  });
});
