import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedIphone, createKeyPool, randomSerialNumber } from '@lease/device-sim';
import { store } from '../../domain/store.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type MdmHarness, startMdmHarness } from '../../test/mdm-harness.ts';

// An iPhone prepared with the store's enrolment profile was never registered: its Authenticate creates the device,
// and must take a store slot for it (checkin.service.ts), or refuse it when the store is full.

let h: MdmHarness;
let keys: Awaited<ReturnType<typeof createKeyPool>>;
beforeAll(async () => {
  h = await startMdmHarness();
  keys = await createKeyPool(2);
});
afterAll(() => h.close());

async function storeWithProfile(slots: number, used: number) {
  const s = await h.t.newStore();
  await h.t.db.update(store).set({ deviceCount: slots, usedDeviceCount: used }).where(eq(store.id, s.id));
  const { headers } = await h.t.signedIn({ storeId: s.id, isAdmin: true });
  const res = await h.t.app.inject({ method: 'GET', url: '/api/device/ios/enrollment-profile', headers });
  expect(res.statusCode, res.body).toBe(200);
  return { storeId: s.id, profile: res.rawPayload };
}
const phone = () =>
  createSimulatedIphone({
    serialNumber: randomSerialNumber(),
    fetch: h.fetch,
    identityKey: keys.next(),
    pollIntervalMs: 3_600_000,
    retry: { initialMs: 50, maxMs: 200 },
  });
const storeRow = async (storeId: string) => (await h.t.db.select().from(store).where(eq(store.id, storeId)))[0];
const devicesOf = (storeId: string) => h.t.db.select().from(iosDevice).where(eq(iosDevice.storeId, storeId));

describe('store-profile enrolment of an unregistered iPhone', () => {
  it('takes the store’s last slot', async () => {
    const { storeId, profile } = await storeWithProfile(5, 4);
    const p = phone();
    await p.enroll(profile);
    const [device] = await devicesOf(storeId);
    expect(device).toMatchObject({ serialNumber: p.serialNumber, udid: p.udid });
    expect((await storeRow(storeId)).usedDeviceCount).toBe(5);
    await p.stop();
  });

  it('is refused when the store is full, creating and charging nothing', async () => {
    const { storeId, profile } = await storeWithProfile(5, 5);
    const p = phone();
    await expect(p.enroll(profile)).rejects.toThrow();
    expect(p.enrollmentStatus).not.toBe('enrolled');
    expect(await devicesOf(storeId)).toHaveLength(0);
    expect((await storeRow(storeId)).usedDeviceCount).toBe(5);
    await p.stop();
  });
});
