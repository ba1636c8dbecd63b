import { type AndroidSimulatorView, Module } from '@lease/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';

const BASE = '/api/device/android';
const LOCKED: AndroidSimulatorView['lock_screen'] = {
  locked: true,
  reason: 'command',
  message: '请联系门店',
  phone: '400-820-8820',
  challenge: '12345678',
  device_tail: 'abcdef',
  blocked_for_ms: 0,
};

/** simulated inserts a simulated phone of the store and runs a stand-in agent for it, as the demo's fleet does. */
async function simulated(t: TestApp, storeId: string, clerkId?: string) {
  const device = await t.newAndroidDevice({ storeId, isSimulated: true, clerkId });
  t.simulatedAndroid.add({ deviceId: device.id, state: () => ({ connected: true, lockScreen: LOCKED }) });
  return device;
}

describe('GET /api/device/android/:id/simulator (the 模拟设备 tab)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEV_TOOLS: '1' });
  });
  afterAll(() => t.close());

  it('shows a simulated phone’s lock screen, challenge included, to a signed-in user of its store who may see it', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const viewer = await t.signedIn({ storeId: s.id, permission: 'Ea2' });
    const device = await simulated(t, s.id);
    for (const { headers } of [admin, viewer]) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${device.id}/simulator`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ connected: true, lock_screen: LOCKED });
    }
  });

  it('is 404 for a phone the caller may not see: another store’s, or another clerk’s without 查看全部设备', async () => {
    const s = await t.newStore();
    const other = await t.newStore();
    const outsider = await t.signedIn({ storeId: other.id, isAdmin: true });
    const own = await t.signedIn({ storeId: s.id, permission: '' });
    const device = await simulated(t, s.id);
    for (const { headers } of [outsider, own]) {
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/${device.id}/simulator`, headers })).statusCode).toBe(404);
    }
    const mine = await simulated(t, s.id, own.clerk.id);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${mine.id}/simulator`, headers: own.headers })).statusCode).toBe(200);
  });

  it('is 401 signed out, 403 for a store without the Android module', async () => {
    const s = await t.newStore();
    const device = await simulated(t, s.id);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${device.id}/simulator` })).statusCode).toBe(401);
    const appleOnly = await t.newStore({ modules: [Module.APPLE] });
    const admin = await t.signedIn({ storeId: appleOnly.id, isAdmin: true });
    const theirs = await simulated(t, appleOnly.id);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${theirs.id}/simulator`, headers: admin.headers })).statusCode).toBe(403);
  });

  it('is 404 for a real phone, and for a simulated one whose agent this server does not run (npm run sim)', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const real = await t.newAndroidDevice({ storeId: s.id });
    t.simulatedAndroid.add({ deviceId: real.id, state: () => ({ connected: true, lockScreen: LOCKED }) });
    const elsewhere = await t.newAndroidDevice({ storeId: s.id, isSimulated: true });
    for (const id of [real.id, elsewhere.id]) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}/simulator`, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('这台设备不是本服务器运行的模拟设备');
    }
  });
});

describe('without dev tools (DEV_TOOLS unset, as in production)', () => {
  it('has no simulator route at all', async () => {
    const t = await buildTestApp();
    try {
      const s = await t.newStore();
      const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
      const device = await simulated(t, s.id);
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${device.id}/simulator`, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).not.toBe('PERMISSION_DENIED');
    } finally {
      await t.close();
    }
  });
});
