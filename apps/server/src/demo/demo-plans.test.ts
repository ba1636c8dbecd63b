import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../domain/store.table.ts';
import { leasePlan } from '../modules/lease/lease.table.ts';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { seedDemoPlans } from './demo-plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo store lease plans', () => {
  it('gives the demo phones a plan in every state, once across restarts', async () => {
    const s = await t.newStore({ isDemo: true });
    await t.db.update(store).set({ isDemo: true }).where(eq(store.id, s.id));
    await t.signedIn({ storeId: s.id, isAdmin: true });
    for (let i = 0; i < 3; i++) await t.newIosDevice({ storeId: s.id, enrolled: true, hirerName: `演示${i}`, hirerPhoneNumber: `1390000000${i}` });
    for (let i = 0; i < 3; i++) await t.newAndroidDevice({ storeId: s.id, agent: true, hirerName: `演示安卓${i}` });
    expect(await seedDemoPlans(t.db, t.lease)).toBe(6);
    expect(await seedDemoPlans(t.db, t.lease)).toBe(0);
    const plans = await t.db.select().from(leasePlan).where(eq(leasePlan.storeId, s.id));
    expect(plans.map((p) => p.status).sort()).toEqual(['current', 'due_soon', 'locked', 'locked', 'overdue', 'paid_off']);
    expect(plans.find((p) => p.status === 'overdue')?.lastContactNote).toContain('周五发工资');
    expect(plans.find((p) => p.status === 'paid_off')?.releaseOfferedAt).not.toBeNull();
    expect(plans.filter((p) => p.lockedForArrearsAt)).toHaveLength(2);
  });
});
