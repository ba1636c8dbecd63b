import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbmStatus, ActivationLockStatus, EnrollmentStatus, LockStatus, Module, Perm, RegulateStatus, SuperviseStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import type { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { chinaDate, lastDays } from './home.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = async (url: string, headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
const newAndroid = async (values: Partial<typeof androidDevice.$inferInsert> & { storeId: string }) =>
  (await t.db.insert(androidDevice).values(values).returning())[0];

describe('GET /api/home/device-overview', () => {
  it('counts the store by status, lock and offline bucket at the spec durations; other stores never count', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const ios = (h: number | null, extra: Partial<typeof iosDevice.$inferInsert> = {}) =>
      t.newIosDevice({ storeId: s.id, enrollmentStatus: EnrollmentStatus.ENROLLED, lastActiveTime: h === null ? null : hoursAgo(h), ...extra });
    await ios(1, { lockStatus: LockStatus.LOCKED });
    await ios(2.9);
    await ios(4, { lockStatus: LockStatus.LOCKING });
    await ios(7);
    await ios(13);
    await ios(25, { lockStatus: LockStatus.LOCKED });
    await ios(72.5);
    await ios(80);
    await ios(null, { enrollmentStatus: EnrollmentStatus.REGISTERED });
    await ios(500, { enrollmentStatus: EnrollmentStatus.RELEASED });
    await ios(1, { recycledStatus: 1 });
    await newAndroid({ storeId: s.id, lastActiveTime: hoursAgo(0.5), lockStatus: LockStatus.LOCKED });
    await newAndroid({ storeId: s.id, lastActiveTime: hoursAgo(30) });
    await newAndroid({ storeId: s.id, lastActiveTime: hoursAgo(1), archived: true });
    const foreign = await t.newStore();
    await t.newIosDevice({ storeId: foreign.id, lastActiveTime: hoursAgo(1), lockStatus: LockStatus.LOCKED });
    await newAndroid({ storeId: foreign.id, lastActiveTime: hoursAgo(1) });

    const body = await get('/api/home/device-overview', admin.headers);
    expect(body.ios).toEqual({
      scope: 'store',
      total: 10,
      enrolled: 8,
      pending: 1,
      released: 1,
      locked: 2,
      unlocked: 7,
      lock_changing: 1,
      activity: { online: 2, h3: 1, h6: 1, h12: 1, h24: 2, h73: 2, never: 1 },
      // The registered, never-enrolled phone is 待激活 (pending), not offline.
      offline_over_24h: 4,
      set_aside: 1,
    });
    expect(body.android).toMatchObject({ scope: 'store', total: 2, enrolled: 2, locked: 1, unlocked: 1, set_aside: 1, offline_over_24h: 1 });
    expect(body.android.activity).toEqual({ online: 1, h3: 0, h6: 0, h12: 0, h24: 1, h73: 0, never: 0 });
  });

  it('counts never-enrolled phones as 待激活, never as offline for more than 24 hours', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    // Registered days ago, no hirer has enrolled them: no last_active_time.
    for (let i = 0; i < 2; i++) await t.newIosDevice({ storeId: s.id, enrollmentStatus: EnrollmentStatus.REGISTERED, lastActiveTime: null });
    await newAndroid({ storeId: s.id, enrollmentStatus: EnrollmentStatus.REGISTERED, lastActiveTime: null });
    await t.newIosDevice({ storeId: s.id, enrollmentStatus: EnrollmentStatus.ENROLLED, lastActiveTime: hoursAgo(30) });
    const body = await get('/api/home/device-overview', admin.headers);
    expect(body.ios).toMatchObject({ total: 3, pending: 2, enrolled: 1, offline_over_24h: 1 });
    expect(body.android).toMatchObject({ total: 1, pending: 1, offline_over_24h: 0 });
  });

  it('puts enrolments per China-time day over the last 30 days, today last, both platforms', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const now = new Date();
    const { since, days } = lastDays(now, 30);
    await t.newIosDevice({ storeId: s.id, registrationTime: now });
    await t.newIosDevice({ storeId: s.id, registrationTime: now, recycledStatus: 1 });
    await t.newIosDevice({ storeId: s.id, registrationTime: new Date(since.getTime() + 60_000) });
    await t.newIosDevice({ storeId: s.id, registrationTime: new Date(since.getTime() - 60_000) });
    await newAndroid({ storeId: s.id, registrationTime: new Date(now.getTime() - 3 * 86_400_000) });

    const { enrolments } = await get('/api/home/device-overview', admin.headers);
    expect(enrolments).toHaveLength(30);
    expect(enrolments.map((d: { date: string }) => d.date)).toEqual(days);
    expect(enrolments[29]).toEqual({ date: chinaDate(now), ios: 2, android: 0 });
    expect(enrolments[0]).toEqual({ date: days[0], ios: 1, android: 0 });
    expect(enrolments.find((d: { date: string }) => d.date === chinaDate(new Date(now.getTime() - 3 * 86_400_000))).android).toBe(1);
    const sum = enrolments.reduce((n: number, d: { ios: number; android: number }) => n + d.ios + d.android, 0);
    expect(sum).toBe(4);
  });

  it("counts only a clerk's own devices on a platform where they lack view-all (Aa3 / Ea2)", async () => {
    const s = await t.newStore();
    const me = await t.signedIn({ storeId: s.id, permission: Perm.ANDROID_LIST_VIEW_ALL });
    const other = await t.newClerk({ storeId: s.id });
    await t.newIosDevice({ storeId: s.id, clerkId: me.clerk.id, lockStatus: LockStatus.LOCKED, registrationTime: new Date() });
    await t.newIosDevice({ storeId: s.id, clerkId: other.id, registrationTime: new Date() });
    await t.newIosDevice({ storeId: s.id, clerkId: null, registrationTime: new Date() });
    await newAndroid({ storeId: s.id, clerkId: me.clerk.id });
    await newAndroid({ storeId: s.id, clerkId: other.id });

    const body = await get('/api/home/device-overview', me.headers);
    expect(body.ios).toMatchObject({ scope: 'own', total: 1, locked: 1 });
    expect(body.android).toMatchObject({ scope: 'store', total: 2 });
    expect(body.enrolments.at(-1)).toMatchObject({ ios: 1, android: 2 });

    const viewAll = await t.signedIn({ storeId: s.id, permission: Perm.APPLE_LIST_VIEW_ALL });
    const all = await get('/api/home/device-overview', viewAll.headers);
    expect(all.ios).toMatchObject({ scope: 'store', total: 3 });
    expect(all.android).toMatchObject({ scope: 'own', total: 0 });
  });

  it('leaves out a platform the store has not bought, and a new store counts zero', async () => {
    const s = await t.newStore({ modules: [Module.APPLE] });
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const body = await get('/api/home/device-overview', admin.headers);
    expect(body.android).toBeNull();
    expect(body.ios).toMatchObject({ total: 0, locked: 0, set_aside: 0 });
    expect(body.enrolments.every((d: { ios: number; android: number }) => d.ios === 0 && d.android === 0)).toBe(true);
  });

  it('needs a signed-in clerk', async () => {
    for (const url of ['/api/home/device-overview', '/api/home/supervise-overview', '/api/home/report-overview', '/api/home/clerks']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/home/supervise-overview', () => {
  it('counts supervision, ABM and activation lock (Apple) and regulation (Android) of devices in service', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    await t.newIosDevice({
      storeId: s.id,
      superviseStatus: SuperviseStatus.SUPERVISED,
      abmStatus: AbmStatus.PUSHED,
      activationLockStatus: ActivationLockStatus.ON,
    });
    await t.newIosDevice({ storeId: s.id, superviseStatus: SuperviseStatus.SUPERVISED, abmStatus: AbmStatus.ASSIGNED });
    await t.newIosDevice({ storeId: s.id, superviseStatus: SuperviseStatus.UNSUPERVISED, abmStatus: AbmStatus.REMOVED });
    await t.newIosDevice({ storeId: s.id });
    await t.newIosDevice({ storeId: s.id, superviseStatus: SuperviseStatus.SUPERVISED, recycledStatus: 1 });
    await newAndroid({ storeId: s.id, regulateStatus: RegulateStatus.REGULATED });
    await newAndroid({ storeId: s.id, regulateStatus: RegulateStatus.REGULATING });
    await newAndroid({ storeId: s.id });
    await t.newIosDevice({ storeId: (await t.newStore()).id, superviseStatus: SuperviseStatus.SUPERVISED });

    const body = await get('/api/home/supervise-overview', admin.headers);
    expect(body.ios).toEqual({ scope: 'store', total: 4, supervised: 2, unsupervised: 1, unknown: 1, abm: 2, activation_lock_on: 1 });
    expect(body.android).toEqual({ scope: 'store', total: 3, regulated: 1, regulate_changing: 1, unregulated: 1 });

    const clerkOnly = await t.signedIn({ storeId: s.id, permission: '' });
    const own = await get('/api/home/supervise-overview', clerkOnly.headers);
    expect(own.ios).toMatchObject({ scope: 'own', total: 0 });
  });
});

describe('GET /api/home/report-overview', () => {
  it('gives a clerk without report permission (Ca1) no figures, the RCS counts included; with Ca1 the RCS counts show', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ rcsCount: 50, usedRcsCount: 12 }).where(eq(store.id, s.id));
    const without = await t.signedIn({ storeId: s.id, permission: Perm.APPLE_LIST_NEW });
    const body = await get('/api/home/report-overview', without.headers);
    expect(body).toMatchObject({ available: false, rcs_count: 0, used_rcs_count: 0, rcs_left: 0, balance_fen: 0, month: { total: 0 }, risk_watch: null });
    expect(JSON.stringify(body)).not.toMatch(/\b(50|12|38)\b/);
    const withCa1 = await t.signedIn({ storeId: s.id, permission: Perm.REPORT_LIST });
    expect(await get('/api/home/report-overview', withCa1.headers)).toMatchObject({ available: true, rcs_count: 50, used_rcs_count: 12, rcs_left: 38 });
  });
});

describe('GET /api/home/clerks', () => {
  it("gives an admin every clerk's quota and devices in service; a clerk sees only their own row", async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const a = await t.signedIn({ storeId: s.id, permission: Perm.APPLE_LIST_VIEW_ALL });
    await t.db.update(clerk).set({ quotaLimit: true, totalQuota: 10, usedQuota: 3, name: '小王' }).where(eq(clerk.id, a.clerk.id));
    await t.newIosDevice({ storeId: s.id, clerkId: a.clerk.id });
    await t.newIosDevice({ storeId: s.id, clerkId: a.clerk.id });
    await t.newIosDevice({ storeId: s.id, clerkId: a.clerk.id, recycledStatus: 1 });
    await newAndroid({ storeId: s.id, clerkId: a.clerk.id });
    await newAndroid({ storeId: s.id, clerkId: a.clerk.id, archived: true });
    const foreign = await t.newStore();
    await t.newClerk({ storeId: foreign.id });

    const all = await get('/api/home/clerks', admin.headers);
    expect(all.map((c: { id: string }) => c.id)).toEqual([admin.clerk.id, a.clerk.id]);
    expect(all[1]).toEqual({ id: a.clerk.id, name: '小王', disabled: false, quota_limit: true, total_quota: 10, used_quota: 3, device_count: 3 });
    expect(all[0].device_count).toBe(0);

    const mine = await get('/api/home/clerks', a.headers);
    expect(mine.map((c: { id: string }) => c.id)).toEqual([a.clerk.id]);
  });
});
