import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { clerk } from '../clerk/clerk.table.ts';
import { store } from '../store/store.table.ts';
import { iosDevice } from './ios-device.table.ts';

// The store's quota counts slots, not slots minus one: a store with N slots registers exactly N phones, one by one
// (each reaching the edge) and in one batch of N. Android enrolment shares reserveDeviceSlots (enrolment.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const N = 3;
const register = (headers: { authorization: string }, serials: string[]) => t.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: serials } });
const serial = (prefix: string, i: number) => `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`;
const usedOf = async (storeId: string) => (await t.db.select().from(store).where(eq(store.id, storeId)))[0].usedDeviceCount;

describe('store quota (iPhone registration)', () => {
  it(`a store with ${N} slots registers exactly ${N} phones one by one, then refuses the next`, async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ deviceCount: N }).where(eq(store.id, s.id));
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    for (let i = 0; i < N; i++) {
      const res = await register(admin.headers, [serial('ONEBY', i)]);
      expect(res.statusCode, `phone ${i + 1}: ${res.body}`).toBe(200);
    }
    expect(await usedOf(s.id)).toBe(N);
    const over = await register(admin.headers, [serial('ONEBY', N)]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('门店设备额度不足，请联系平台增加额度');
    expect(await usedOf(s.id)).toBe(N);
    expect(await t.db.select().from(iosDevice).where(eq(iosDevice.storeId, s.id))).toHaveLength(N);
  });

  it(`a store with ${N} slots takes a batch of exactly ${N}`, async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ deviceCount: N }).where(eq(store.id, s.id));
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const res = await register(admin.headers, Array.from({ length: N }, (_, i) => serial('BATCH', i)));
    expect(res.statusCode, res.body).toBe(200);
    expect(await usedOf(s.id)).toBe(N);
  });

  it(`a clerk with a limited quota of ${N} registers exactly ${N}`, async () => {
    const s = await t.newStore();
    const limited = await t.signedIn({ storeId: s.id, permission: 'Aa2' });
    await t.db.update(clerk).set({ quotaLimit: true, totalQuota: N }).where(eq(clerk.id, limited.clerk.id));
    for (let i = 0; i < N; i++) expect((await register(limited.headers, [serial('CLERK', i)])).statusCode).toBe(200);
    const over = await register(limited.headers, [serial('CLERK', N)]);
    expect(over.json().message).toBe('店员设备额度不足，请联系管理员调整额度');
    expect((await t.db.select().from(clerk).where(eq(clerk.id, limited.clerk.id)))[0].usedQuota).toBe(N);
  });
});
