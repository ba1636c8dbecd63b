import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MdmHarness, startMdmHarness } from '../../test/mdm-harness.ts';
import { mdmEnrollment } from './mdm.table.ts';
import { backoffFor } from './push.service.ts';

let h: MdmHarness;
let storeId: string;
beforeAll(async () => {
  h = await startMdmHarness();
  storeId = (await h.t.newStore()).id;
});
afterAll(() => h.close());

const enrollment = async (deviceId: string) => (await h.t.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId)))[0];

describe('push service (reliability checklist #8, #9)', () => {
  it('backs off 30 s, 2 min, 8 min, then 30 min, with ±20 % jitter', () => {
    expect([0, 1, 2, 3, 9].map((n) => backoffFor(n, () => 0.5))).toEqual([30_000, 120_000, 480_000, 1_800_000, 1_800_000]);
    expect(backoffFor(0, () => 0)).toBe(24_000);
    expect(backoffFor(0, () => 1)).toBe(36_000);
  });

  it('handles 429, 500 and 503 alike: a jittered backoff per device, nothing lost, all sent once APNs answers (#8)', async () => {
    const devices = await Promise.all(Array.from({ length: 3 }, () => h.t.newIosDevice({ storeId, enrolled: true })));
    const ids = devices.map((d) => d.id);
    const answers = [
      { status: 429, reason: 'TooManyRequests' },
      { status: 500, reason: 'InternalServerError' },
      { status: 503, reason: 'ServiceUnavailable' },
    ];
    const byToken = new Map(await Promise.all(ids.map(async (id, i) => [(await enrollment(id)).tokenHex!, answers[i]] as const)));
    h.apns.setAnswer((p) => byToken.get(p.token));
    const before = Date.now();
    expect(await h.t.app.mdm.push.wake(ids)).toBe(0);
    for (const [i, id] of ids.entries()) {
      const row = await enrollment(id);
      expect(row).toMatchObject({ pushFailures: 1, pushError: answers[i].reason, pushDead: false });
      // The first step of the backoff, 30 s ± 20 %: not at once, not forever.
      expect(row.nextPushAt!.getTime() - before).toBeGreaterThanOrEqual(24_000);
      expect(row.nextPushAt!.getTime() - Date.now()).toBeLessThanOrEqual(36_000);
    }
    h.apns.setAnswer(() => undefined);
    expect(await h.t.app.mdm.push.wake(ids)).toBe(3);
    for (const id of ids) expect(await enrollment(id)).toMatchObject({ pushFailures: 0, pushError: null });
  });

  it('marks a token APNs calls Unregistered as dead and never pushes it again', async () => {
    const d = await h.t.newIosDevice({ storeId, enrolled: true });
    const token = (await enrollment(d.id)).tokenHex!;
    h.apns.setAnswer((p) => (p.token === token ? { status: 410, reason: 'Unregistered' } : undefined));
    expect(await h.t.app.mdm.push.wake([d.id])).toBe(0);
    expect(await enrollment(d.id)).toMatchObject({ pushDead: true, pushError: 'Unregistered' });
    const before = h.apns.received.length;
    await h.t.app.mdm.push.wake([d.id]);
    expect(h.apns.received.length).toBe(before);
    expect(await h.t.app.mdm.queue.pendingDeviceIds(1000, new Date(Date.now() + 86_400_000))).not.toContain(d.id);
    h.apns.setAnswer(() => undefined);
  });

  it('retries transient failures later, and after an outage the sweep pushes every device with pending work', async () => {
    const devices = await Promise.all(Array.from({ length: 5 }, () => h.t.newIosDevice({ storeId, enrolled: true })));
    const ids = devices.map((d) => d.id);
    h.apns.setAnswer(() => ({ status: 503, reason: 'ServiceUnavailable' }));
    await h.t.app.mdm.commander.refreshFacts(ids);
    await h.t.app.mdm.push.wake(ids);
    for (const id of ids) {
      const row = await enrollment(id);
      expect(row.pushFailures).toBeGreaterThanOrEqual(1);
      // The reason is recorded for the operator's fleet health…
      expect(row.pushError).toBe('ServiceUnavailable');
      expect(row.nextPushAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // Nothing is due yet, so the sweep leaves APNs alone…
    expect(await h.t.app.mdm.queue.pendingDeviceIds(1000)).toEqual(expect.not.arrayContaining(ids));
    // …and once the backoff has passed and APNs is back, one sweep reaches all of them.
    h.apns.setAnswer(() => undefined);
    const due = await h.t.app.mdm.queue.pendingDeviceIds(1000, new Date(Date.now() + 3_600_000));
    expect(due).toEqual(expect.arrayContaining(ids));
    expect(await h.t.app.mdm.push.wake(ids)).toBe(5);
    // …and cleared once a push is accepted.
    for (const id of ids) expect(await enrollment(id)).toMatchObject({ pushFailures: 0, pushError: null });
  });
});
