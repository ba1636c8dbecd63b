import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbmStatus, EnrollmentStatus } from '@lease/shared';
import { DEP_MACHINE_INFO_CONTENT_TYPE, type MockDep, createSimulatedIphone, depMachineInfo, randomUdid, startMockDep } from '@lease/device-sim';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { aStoreHost, claimStoreHost } from '../store/store-host.test-kit.ts';
import { depEnrollUrl } from './abm-sync.ts';
import { seedAbmToken } from './abm.test-kit.ts';
import { abmDevice, abmServer } from './abm.table.ts';

let h: MdmHarness;
let dep: MockDep;
let storeId: string;
let headers: { authorization: string };
const serials = ['F2LSYNC00001', 'F2LSYNC00002', 'F2LSYNC00003'];

beforeAll(async () => {
  dep = await startMockDep({ devices: serials.map((serial_number) => ({ serial_number, model: 'iPhone 15', color: 'PINK' })) });
  h = await startMdmHarness({ DEP_ORIGIN: dep.origin });
  storeId = (await h.t.newStore({ storeName: '华强北租机店' })).id;
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
  // A phone the clerk registered before ABM was connected: the sync gives it its ABM status.
  await h.t.newIosDevice({ storeId, serialNumber: serials[0] });
  await seedAbmToken(h.t, storeId, dep);
});
afterAll(async () => {
  await h.close();
  await dep.close();
});

const db = () => h.t.db;
const server = async (id = storeId) => (await db().select().from(abmServer).where(eq(abmServer.storeId, id)))[0];
const abmRow = async (serial: string, id = storeId) =>
  (
    await db()
      .select()
      .from(abmDevice)
      .where(and(eq(abmDevice.storeId, id), eq(abmDevice.serialNumber, serial)))
  )[0];
const consoleDevice = async (serial: string, id = storeId) =>
  (
    await db()
      .select()
      .from(iosDevice)
      .where(and(eq(iosDevice.storeId, id), eq(iosDevice.serialNumber, serial)))
  )[0];
const api = (method: 'GET' | 'POST', url: string, hdrs = headers) => h.t.app.inject({ method, url, headers: hdrs });

describe('DEP sync', () => {
  it('fetches every device, defines our profile once and assigns it, and shows abm_status', async () => {
    const row = await server();
    expect(row.profileUuid).toMatch(/^[0-9A-F]{32}$/);
    expect(dep.profiles.size).toBe(1);
    expect(dep.profiles.get(row.profileUuid!)).toMatchObject({
      url: depEnrollUrl(h.t.config.publicUrl ?? 'http://localhost:3000', storeId),
      is_supervised: true,
      is_mandatory: true,
      is_mdm_removable: false,
      await_device_configured: false,
      profile_name: '华强北租机店 设备管理',
    });
    for (const s of serials) expect(dep.devices.get(s)).toMatchObject({ profile_status: 'assigned', profile_uuid: row.profileUuid });
    expect(await abmRow(serials[1])).toMatchObject({ model: 'iPhone 15', color: 'PINK', profileStatus: 'assigned', profileUuid: row.profileUuid });
    expect((await consoleDevice(serials[0])).abmStatus).toBe(AbmStatus.ASSIGNED);
    expect(row.cursor).toBeTruthy();
    expect(row.lastSyncAt).not.toBeNull();

    const list = (await api('GET', '/api/system/abm-server/devices?page_size=50')).json();
    expect(list.total).toBe(3);
    expect(list.list.find((d: { serial_number: string }) => d.serial_number === serials[0])).toMatchObject({
      abm_status: AbmStatus.ASSIGNED,
      device_id: expect.any(String),
      profile_status: 'assigned',
    });
    expect(list.list.find((d: { serial_number: string }) => d.serial_number === serials[1])).toMatchObject({ abm_status: AbmStatus.ASSIGNED, device_id: null });
  });

  it('then syncs only the changes since its cursor: added, pushed, deleted', async () => {
    const before = dep.requests.length;
    dep.addDevices([{ serial_number: 'F2LSYNC00004' }]);
    dep.markPushed(serials[0]);
    dep.removeDevice(serials[2]);
    await h.t.newIosDevice({ storeId, serialNumber: serials[2] });
    const res = await api('POST', '/api/system/abm-server/sync');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, deleted: 1, assigned: 1 });
    const paths = dep.requests.slice(before).map((r) => r.path);
    expect(paths).toContain('/devices/sync');
    expect(paths).not.toContain('/server/devices');
    expect(paths).not.toContain('/profile');
    expect(await abmRow('F2LSYNC00004')).toMatchObject({ profileStatus: 'assigned' });
    expect(dep.devices.get('F2LSYNC00004')).toMatchObject({ profile_status: 'assigned' });
    expect((await consoleDevice(serials[0])).abmStatus).toBe(AbmStatus.PUSHED);
    expect(await abmRow(serials[2])).toMatchObject({ opType: 'deleted' });
    expect((await consoleDevice(serials[2])).abmStatus).toBe(AbmStatus.REMOVED);
    const info = (await api('GET', '/api/system/abm-server/info')).json();
    expect(info).toMatchObject({ uploaded: true, device_count: 3, last_sync_error: null, profile_uuid: (await server()).profileUuid });
  });

  it('fetches everything again when Apple says the cursor expired', async () => {
    dep.expireCursors();
    const before = dep.requests.length;
    await h.t.abm.sync.syncStore(storeId);
    const answered = dep.requests.slice(before).map((r) => `${r.path} ${r.status}`);
    expect(answered.slice(0, 2)).toEqual(['/devices/sync 400', '/server/devices 200']);
    expect((await server()).lastSyncError).toBeNull();
  });

  it('re-defines the profile when our enrolment URL changed, and re-assigns every device', async () => {
    const old = (await server()).profileUuid!;
    await db().update(abmServer).set({ profileUrl: 'https://old-host.example/mdm/dep/enroll/x' }).where(eq(abmServer.storeId, storeId));
    const result = await h.t.abm.sync.syncStore(storeId);
    const renewed = (await server()).profileUuid!;
    expect(renewed).not.toBe(old);
    expect(result.assigned).toBe(3);
    expect(dep.devices.get(serials[1])).toMatchObject({ profile_uuid: renewed });
  });

  it('records Apple’s failure in Chinese with a growing backoff; the next good run clears it', async () => {
    dep.setFault({ path: '/devices/sync', status: 503, body: 'SERVICE_UNAVAILABLE', times: 1 });
    const res = await api('POST', '/api/system/abm-server/sync');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Apple 商务管理：/);
    const failed = await server();
    expect(failed.syncFailures).toBe(1);
    expect(failed.lastSyncError).toMatch(/Apple 服务暂不可用/);
    expect(failed.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await api('GET', '/api/system/abm-server/info')).json().last_sync_error).toMatch(/Apple 服务暂不可用/);
    expect((await api('POST', '/api/system/abm-server/sync')).statusCode).toBe(200);
    expect(await server()).toMatchObject({ syncFailures: 0, lastSyncError: null });
  });

  it('leases each due store to one process at a time (SKIP LOCKED claim)', async () => {
    const other = (await h.t.newStore()).id;
    const otherDep = dep.addServer('第二家门店');
    dep.addDevices([{ serial_number: 'F2LOTHER0001' }], otherDep.server_uuid);
    await seedAbmToken(h.t, other, dep, dep.servers.indexOf(otherDep));
    await db()
      .update(abmServer)
      .set({ nextSyncAt: new Date(Date.now() - 1000), syncLeaseUntil: null });
    const [a, b] = await Promise.all([h.t.abm.repo.claimDue(10, 60_000), h.t.abm.repo.claimDue(10, 60_000)]);
    const ids = [...a, ...b].map((r) => r.storeId).sort();
    expect(ids).toEqual([storeId, other].sort());
    // While leased, sync-now says another run is busy; the job finds nothing due.
    const busy = await api('POST', '/api/system/abm-server/sync');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/正在同步中/);
    expect(await h.t.abm.sync.syncDue()).toBe(0);
    await db().update(abmServer).set({ syncLeaseUntil: null });
    expect(await h.t.abm.sync.syncDue()).toBe(2);
    expect((await server()).nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('keeps each store to its own token and devices', async () => {
    const stranger = await h.t.signedIn({ isAdmin: true });
    expect((await api('GET', '/api/system/abm-server/info', stranger.headers)).json()).toMatchObject({ uploaded: false, server_name: null, device_count: 0 });
    expect((await api('GET', '/api/system/abm-server/devices', stranger.headers)).json()).toEqual({ list: [], total: 0 });
    expect((await api('POST', '/api/system/abm-server/sync', stranger.headers)).statusCode).toBe(400);
    expect(await h.t.abm.gateway.clientFor(stranger.clerk.storeId)).toBeNull();
    // A phone of this store asking at the stranger's enrolment URL gets nothing.
    const res = await h.t.app.inject({
      method: 'POST',
      url: `/mdm/dep/enroll/${stranger.clerk.storeId}`,
      headers: { 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE },
      payload: depMachineInfo({ serial: serials[1], udid: randomUdid('8120') }),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DEP enrolment endpoint', () => {
  const enrol = (serial: string, udid = randomUdid('8120'), id = storeId) =>
    h.t.app.inject({
      method: 'POST',
      url: `/mdm/dep/enroll/${id}`,
      headers: { 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE },
      payload: depMachineInfo({ serial, udid, product: 'iPhone15,4', imei: '35 678910 123456 7' }),
    });

  it('serves a phone of the store’s ABM list its enrolment profile; the phone enrols supervised', async () => {
    const serial = serials[1];
    const udid = randomUdid('8120');
    const res = await enrol(serial, udid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-apple-aspen-config');
    const created = await consoleDevice(serial);
    expect(created).toMatchObject({ abmStatus: AbmStatus.PUSHED, model: 'iPhone15,4', clerkId: null });
    expect(await abmRow(serial)).toMatchObject({ profileStatus: 'pushed' });
    expect((await db().select().from(store).where(eq(store.id, storeId)))[0].usedDeviceCount).toBe(1);

    const phone = createSimulatedIphone({
      serialNumber: serial,
      udid,
      fetch: h.fetch,
      supervised: true,
      pollIntervalMs: 3_600_000,
      retry: { initialMs: 50, maxMs: 200 },
    });
    await phone.enroll(res.rawPayload);
    phone.attachPush(h.apns);
    const enrolled = await waitFor(async () => {
      const d = await consoleDevice(serial);
      return d.enrollmentStatus === EnrollmentStatus.ENROLLED ? d : null;
    });
    expect(enrolled).toMatchObject({ id: created.id, udid, abmStatus: AbmStatus.PUSHED });
    expect(phone.state.enrollment.status).toBe('enrolled');
    await phone.stop();
  });

  it('refuses serials not in the ABM list, a store out of device slots, and broken requests — never 401', async () => {
    const notListed = await enrol('F2LNOTLISTED');
    expect(notListed.statusCode).toBe(403);
    expect(notListed.json()).toMatchObject({ code: 'lease.not-assigned' });

    await db()
      .update(store)
      .set({ deviceCount: sql`${store.usedDeviceCount}` })
      .where(eq(store.id, storeId));
    const full = await enrol('F2LSYNC00004');
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ code: 'lease.quota', message: expect.stringMatching(/额度不足/) });
    expect(await consoleDevice('F2LSYNC00004')).toBeUndefined();
    await db().update(store).set({ deviceCount: 100 }).where(eq(store.id, storeId));

    const garbage = await h.t.app.inject({
      method: 'POST',
      url: `/mdm/dep/enroll/${storeId}`,
      headers: { 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE },
      payload: Buffer.from('not cms'),
    });
    expect(garbage.statusCode).toBe(400);
    const wrongType = await h.t.app.inject({
      method: 'POST',
      url: `/mdm/dep/enroll/${storeId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(
      (
        await h.t.app.inject({
          method: 'POST',
          url: '/mdm/dep/enroll/not-a-uuid',
          headers: { 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE },
          payload: Buffer.from('x'),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('switching to another MDM server', () => {
  it('forgets the old server’s devices, profile and cursor, and syncs the new one', async () => {
    const before = (await server()).profileUuid;
    const next = dep.addServer('新的 MDM 服务器');
    dep.addDevices([{ serial_number: 'F2LNEWSRV001' }], next.server_uuid);
    await seedAbmToken(h.t, storeId, dep, dep.servers.indexOf(next));
    const rows = await db().select().from(abmDevice).where(eq(abmDevice.storeId, storeId));
    expect(rows.map((r) => r.serialNumber)).toEqual(['F2LNEWSRV001']);
    expect((await consoleDevice(serials[0])).abmStatus).toBe(AbmStatus.NONE);
    const now = await server();
    expect(now).toMatchObject({ serverUuid: next.server_uuid, serverName: '新的 MDM 服务器' });
    expect(now.profileUuid).not.toBe(before);
    expect(dep.devices.get('F2LNEWSRV001')).toMatchObject({ profile_status: 'assigned', profile_uuid: now.profileUuid });
  });
});

describe('the DEP profile on the store’s own host', () => {
  it('moves to the host a store sets; another store’s profile keeps PUBLIC_URL', async () => {
    const platform = h.t.config.publicUrl ?? 'http://localhost:3000';
    const stores: { id: string; headers: { authorization: string }; serial: string }[] = [];
    for (const name of ['自有域名门店', '平台域名门店']) {
      const admin = await h.t.signedIn({ isAdmin: true });
      const mdmServer = dep.addServer(name);
      const serial = `F2LHOST${stores.length}0001`;
      dep.addDevices([{ serial_number: serial }], mdmServer.server_uuid);
      await seedAbmToken(h.t, admin.clerk.storeId, dep, dep.servers.indexOf(mdmServer));
      stores.push({ id: admin.clerk.storeId, headers: admin.headers, serial });
    }
    const [mine, theirs] = stores;
    const urlAtApple = async (id: string) => dep.profiles.get((await server(id)).profileUuid!)!.url;
    expect(await urlAtApple(mine.id)).toBe(depEnrollUrl(platform, mine.id));

    const host = aStoreHost();
    await claimStoreHost(h.t, mine.headers, host);
    const result = await h.t.abm.sync.syncStore(mine.id);
    await h.t.abm.sync.syncStore(theirs.id);
    const url = new URL(await urlAtApple(mine.id));
    expect({ host: url.hostname, path: url.pathname }).toEqual({ host, path: `/mdm/dep/enroll/${mine.id}` });
    expect(result.assigned).toBe(1);
    expect(dep.devices.get(mine.serial)).toMatchObject({ profile_uuid: (await server(mine.id)).profileUuid });
    expect(await urlAtApple(theirs.id)).toBe(depEnrollUrl(platform, theirs.id));

    // Setup Assistant posts to that URL on the store's host and gets a profile that enrols on the same host.
    const res = await h.t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE },
      payload: depMachineInfo({ serial: mine.serial, udid: randomUdid('8120') }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.rawPayload.toString('latin1');
    for (const path of ['/mdm/connect', '/mdm/checkin', '/mdm/scep']) expect(profile).toContain(`${url.origin}${path}`);
  });
});
