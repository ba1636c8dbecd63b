import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../domain/store.table.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from '../../mdm/android/test/android-harness.ts';
import { localDay } from './lease-calendar.ts';

/**
 * The offline case end to end: a plan created through the console reaches a simulated agent as terms;
 * the agent, disconnected before its due date and never reaching the server again, locks itself at due + grace;
 * back online after the hirer paid, it follows the new terms and opens.
 */
let h: AndroidHarness;
beforeAll(async () => {
  h = await startAndroidHarness();
});
afterAll(async () => h?.close());

const DAY = 86_400_000;

describe('an Android phone on a lease plan, out of reach', () => {
  it('locks itself at due + grace offline, and opens once a payment moves its terms on', async () => {
    // The store's offline limit (72 h by default) would lock first: give it two weeks, so the lease lock is seen.
    await h.db
      .update(store)
      .set({ androidOfflineLockHours: 14 * 24 })
      .where(eq(store.id, h.admin.clerk.storeId));
    const clock = { now: Date.now() };
    const agent = await h.enrolledAgent({ clock: () => clock.now });
    const id = agent.deviceId!;
    const today = localDay(new Date(), 'Asia/Shanghai');
    const post = (url: string, payload: object) => h.app.inject({ method: 'POST', url, headers: h.admin.headers, payload });
    const created = await post('/api/lease/plans', { device_id: id, platform: 'android', start_date: today, periods: 4, period: 'weekly', amount_fen: 250_00 });
    expect(created.statusCode).toBe(200);
    const plan = created.json();
    await waitUntil(async () => {
      await agent.checkin();
      return Boolean(agent.state().lease?.lock_at);
    });
    const lockAt = Date.parse(agent.state().lease!.lock_at!);
    // Due in a week, 3 grace days, locked on the 11th day at 09:00 store time.
    expect(lockAt - Date.now()).toBeGreaterThan(9 * DAY);
    expect(lockAt - Date.now()).toBeLessThan(12 * DAY);

    agent.setOnline(false);
    clock.now = lockAt - 60_000;
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    clock.now = lockAt + 60_000;
    await agent.tick();
    expect(agent.state().lockScreen).toMatchObject({ locked: true, reason: 'lease-overdue' });
    expect(agent.state().lockScreen.message).toContain('已逾期未还');

    // The hirer pays at the store; the phone comes back in reach and follows the new terms.
    const paid = await post(`/api/lease/plans/${plan.id}/payments`, { amount_fen: 250_00, method: 'cash' });
    expect(paid.json().paid_periods).toBe(1);
    agent.setOnline(true);
    await waitUntil(async () => {
      await agent.checkin();
      return !agent.state().lockScreen.locked;
    });
    expect(Date.parse(agent.state().lease!.lock_at!)).toBe(lockAt + 7 * DAY);
  });
});
