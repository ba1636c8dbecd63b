import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { clerk } from './clerk.table.ts';
import { store } from './store.table.ts';
import { moveClerkSlots, releaseDeviceSlots, reserveDeviceSlots } from './device-quota.ts';
import { iosDevice } from './ios-device.table.ts';
import { countStatements } from '../db/statement-counter.ts';

// The store's quota counts slots, not slots minus one: a store with N slots registers exactly N phones, one by one
// (each reaching the edge) and in one batch of N. Android enrolment shares reserveDeviceSlots (enrolment.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const N = 3;
const register = (headers: { authorization: string }, serials: string[]) =>
  t.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: serials } });
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
    const res = await register(
      admin.headers,
      Array.from({ length: N }, (_, i) => serial('BATCH', i)),
    );
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

// The quota functions themselves, inside a transaction as their callers use them.
const clerkRow = async (id: string) => (await t.db.select().from(clerk).where(eq(clerk.id, id)))[0];
const limitedClerk = async (storeId: string, totalQuota: number, usedQuota = 0) => {
  const c = await t.newClerk({ storeId });
  await t.db.update(clerk).set({ quotaLimit: true, totalQuota, usedQuota }).where(eq(clerk.id, c.id));
  return c.id;
};
const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error) => e.message,
  );

describe('reserveDeviceSlots', () => {
  it('charges the store and a limited clerk n slots, refusing n beyond either (nothing charged), and ignores an unlimited clerk’s total', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ deviceCount: 5 }).where(eq(store.id, s.id));
    const limited = await limitedClerk(s.id, 2);
    const free = (await t.newClerk({ storeId: s.id })).id;
    expect(await refusalOf(t.db.transaction((tx) => reserveDeviceSlots(tx, s.id, limited, 3)))).toBe('店员设备额度不足，请联系管理员调整额度');
    expect([await usedOf(s.id), (await clerkRow(limited)).usedQuota]).toEqual([0, 0]);
    await t.db.transaction((tx) => reserveDeviceSlots(tx, s.id, limited, 2));
    expect([await usedOf(s.id), (await clerkRow(limited)).usedQuota]).toEqual([2, 2]);
    await t.db.transaction((tx) => reserveDeviceSlots(tx, s.id, free, 3));
    expect([await usedOf(s.id), (await clerkRow(free)).usedQuota]).toEqual([5, 3]);
    expect(await refusalOf(t.db.transaction((tx) => reserveDeviceSlots(tx, s.id, null, 1)))).toBe('门店设备额度不足，请联系平台增加额度');
    expect(await usedOf(s.id)).toBe(5);
  });

  it('charges only the store when there is no clerk', async () => {
    const s = await t.newStore();
    const other = await limitedClerk(s.id, 0);
    await t.db.transaction((tx) => reserveDeviceSlots(tx, s.id, null, 2));
    expect([await usedOf(s.id), (await clerkRow(other)).usedQuota]).toEqual([2, 0]);
  });
});

describe('releaseDeviceSlots', () => {
  it('gives n slots back to the store and the clerk, never below zero', async () => {
    const s = await t.newStore();
    const c = await limitedClerk(s.id, 10, 3);
    await t.db.update(store).set({ usedDeviceCount: 3 }).where(eq(store.id, s.id));
    await t.db.transaction((tx) => releaseDeviceSlots(tx, s.id, c, 2));
    expect([await usedOf(s.id), (await clerkRow(c)).usedQuota]).toEqual([1, 1]);
    await t.db.transaction((tx) => releaseDeviceSlots(tx, s.id, c, 5));
    expect([await usedOf(s.id), (await clerkRow(c)).usedQuota]).toEqual([0, 0]);
  });

  it('leaves clerks alone without one, and other stores alone', async () => {
    const [s, other] = [await t.newStore(), await t.newStore()];
    const c = await limitedClerk(s.id, 10, 4);
    await t.db.update(store).set({ usedDeviceCount: 4 }).where(eq(store.id, s.id));
    await t.db.update(store).set({ usedDeviceCount: 4 }).where(eq(store.id, other.id));
    await t.db.transaction((tx) => releaseDeviceSlots(tx, s.id, null, 1));
    expect([await usedOf(s.id), await usedOf(other.id), (await clerkRow(c)).usedQuota]).toEqual([3, 4, 4]);
  });
});

describe('moveClerkSlots', () => {
  it('moves one slot per device from the giving to the receiving clerk, skipping devices that stay', async () => {
    const s = await t.newStore();
    const [a, b] = [await limitedClerk(s.id, 10, 3), await limitedClerk(s.id, 10, 1)];
    await t.db.transaction((tx) =>
      moveClerkSlots(tx, [
        { fromClerkId: a, toClerkId: b },
        { fromClerkId: a, toClerkId: b },
        { fromClerkId: b, toClerkId: b },
        { fromClerkId: null, toClerkId: b },
        { fromClerkId: a, toClerkId: null },
      ]),
    );
    expect([(await clerkRow(a)).usedQuota, (await clerkRow(b)).usedQuota]).toEqual([0, 4]);
  });

  it('refuses a receiving clerk without room for all of them, and fits exactly', async () => {
    const s = await t.newStore();
    const [a, b] = [await limitedClerk(s.id, 10, 3), await limitedClerk(s.id, 3, 1)];
    const three = Array.from({ length: 3 }, () => ({ fromClerkId: a, toClerkId: b }));
    const refused = await t.db
      .transaction((tx) => moveClerkSlots(tx, three))
      .then(
        () => null,
        (e: { code: string; statusCode: number; message: string }) => e,
      );
    expect(refused && [refused.code, refused.statusCode, refused.message]).toEqual(['QUOTA_EXCEEDED', 409, '接收店员的设备额度不足，请先调整其额度']);
    expect([(await clerkRow(a)).usedQuota, (await clerkRow(b)).usedQuota]).toEqual([3, 1]);
    await t.db.transaction((tx) => moveClerkSlots(tx, three.slice(1)));
    expect([(await clerkRow(a)).usedQuota, (await clerkRow(b)).usedQuota]).toEqual([1, 3]);
  });
});

describe('moveClerkSlots, net moves', () => {
  it('leaves a clerk whose devices come and go in equal numbers alone, even over a lowered quota', async () => {
    const s = await t.newStore();
    const [a, b] = [await limitedClerk(s.id, 10, 2), await limitedClerk(s.id, 1, 3)];
    await t.db.transaction((tx) =>
      moveClerkSlots(tx, [
        { fromClerkId: a, toClerkId: b },
        { fromClerkId: b, toClerkId: a },
      ]),
    );
    expect([(await clerkRow(a)).usedQuota, (await clerkRow(b)).usedQuota]).toEqual([2, 3]);
  });

  it('never takes a giving clerk below zero', async () => {
    const s = await t.newStore();
    const [a, b] = [await limitedClerk(s.id, 10, 0), await limitedClerk(s.id, 10, 0)];
    await t.db.transaction((tx) => moveClerkSlots(tx, [{ fromClerkId: a, toClerkId: b }]));
    expect([(await clerkRow(a)).usedQuota, (await clerkRow(b)).usedQuota]).toEqual([0, 1]);
  });
});

// Where nothing is owed, nothing is written: no UPDATE that could only match no row (a missing clerk) or change
// nothing (a clerk who gives and receives as many). Counted on the driver, inside the transaction.
describe('statements', () => {
  const writesOf = async (run: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<unknown>) => {
    const counter = countStatements(t.db);
    return t.db.transaction(async (tx) => {
      counter.reset();
      await run(tx);
      return counter.count;
    });
  };

  it('releasing without a clerk updates the store alone', async () => {
    const s = await t.newStore();
    expect(await writesOf((tx) => releaseDeviceSlots(tx, s.id, null, 1))).toBe(1);
  });

  it('moving devices from no clerk updates the receiver alone', async () => {
    const s = await t.newStore();
    const to = await limitedClerk(s.id, 10, 0);
    expect(await writesOf((tx) => moveClerkSlots(tx, [{ fromClerkId: null, toClerkId: to }]))).toBe(1);
  });

  it('a swap between two clerks writes nothing: each gives and receives one', async () => {
    const s = await t.newStore();
    const [a, b] = [await limitedClerk(s.id, 10, 1), await limitedClerk(s.id, 10, 1)];
    expect(
      await writesOf((tx) =>
        moveClerkSlots(tx, [
          { fromClerkId: a, toClerkId: b },
          { fromClerkId: b, toClerkId: a },
        ]),
      ),
    ).toBe(0);
  });
});
