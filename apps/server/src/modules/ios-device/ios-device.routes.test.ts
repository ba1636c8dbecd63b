import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, Module, OperationStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { store } from '../../domain/store.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });

describe('POST /api/device/ios/new', () => {
  it('registers serials (uppercased) against the store and clerk quotas, with enrolment links', async () => {
    const s = await t.newStore();
    const { headers, clerk: me } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const res = await post('/api/device/ios/new', headers, { serial_numbers: ['f2lxk0aaaa01', 'F2LXK0AAAA02'] });
    expect(res.statusCode).toBe(200);
    const { list } = res.json();
    expect(list.map((d: { serial_number: string }) => d.serial_number)).toEqual(['F2LXK0AAAA01', 'F2LXK0AAAA02']);
    expect(list[0].enroll_link).toMatch(/\/enroll\/[A-Za-z0-9_-]{40,}$/);
    const [after] = await t.db.select().from(store).where(eq(store.id, s.id));
    expect(after.usedDeviceCount).toBe(2);
    const [c] = await t.db.select().from(clerk).where(eq(clerk.id, me.id));
    expect(c.usedQuota).toBe(2);
  });

  it.each([
    ['9 characters', ['F2LXK0AAA']],
    ['15 characters', ['F2LXK0AAAA01234']],
    ['a symbol', ['F2LXK0AA-A01']],
    ['an empty list', []],
  ])('refuses %s with 400 and registers nothing', async (_name, serials) => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const res = await post('/api/device/ios/new', headers, { serial_numbers: serials });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a serial already registered in the store', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    await post('/api/device/ios/new', headers, { serial_numbers: ['DUPLICATE0001'] });
    const again = await post('/api/device/ios/new', headers, { serial_numbers: ['DUPLICATE0001'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('DUPLICATE0001');
  });

  it('registers the new serials of a batch and names the ones already registered, charging slots for the new only', async () => {
    const s = await t.newStore();
    const { headers, clerk: me } = await t.signedIn({ storeId: s.id, isAdmin: true });
    await post('/api/device/ios/new', headers, { serial_numbers: ['PARTIAL00001'] });
    const res = await post('/api/device/ios/new', headers, { serial_numbers: ['PARTIAL00002', 'PARTIAL00001', 'partial00003'] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.list.map((d: { serial_number: string }) => d.serial_number)).toEqual(['PARTIAL00002', 'PARTIAL00003']);
    expect(body.rejected).toEqual([{ serial_number: 'PARTIAL00001', reason: '序列号已登记' }]);
    const [after] = await t.db.select().from(store).where(eq(store.id, s.id));
    expect(after.usedDeviceCount).toBe(3);
    const [c] = await t.db.select().from(clerk).where(eq(clerk.id, me.id));
    expect(c.usedQuota).toBe(3);
    expect((await t.db.select().from(iosDevice).where(eq(iosDevice.storeId, s.id))).length).toBe(3);
  });

  it('enforces the store quota and a limited clerk quota, all or nothing', async () => {
    const s = await t.newStore();
    await t.db.update(store).set({ deviceCount: 3 }).where(eq(store.id, s.id));
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const over = await post('/api/device/ios/new', admin.headers, { serial_numbers: ['QUOTA0000001', 'QUOTA0000002', 'QUOTA0000003', 'QUOTA0000004'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('门店设备额度不足，请联系平台增加额度');
    expect((await t.db.select().from(iosDevice).where(eq(iosDevice.storeId, s.id))).length).toBe(0);

    const limited = await t.signedIn({ storeId: s.id, permission: 'Aa2' });
    await t.db.update(clerk).set({ quotaLimit: true, totalQuota: 1 }).where(eq(clerk.id, limited.clerk.id));
    expect((await post('/api/device/ios/new', limited.headers, { serial_numbers: ['QUOTA0000005'] })).statusCode).toBe(200);
    const second = await post('/api/device/ios/new', limited.headers, { serial_numbers: ['QUOTA0000006'] });
    expect(second.json().message).toBe('店员设备额度不足，请联系管理员调整额度');
  });

  it('needs Aa2 and the Apple module', async () => {
    const plain = await t.signedIn({ permission: 'Aa3' });
    expect((await post('/api/device/ios/new', plain.headers, { serial_numbers: ['NOPERM000001'] })).statusCode).toBe(403);
    const s = await t.newStore({ modules: [Module.ANDROID] });
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const res = await post('/api/device/ios/new', admin.headers, { serial_numbers: ['NOMODULE0001'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('门店未开通此功能');
  });
});

describe('GET /api/device/ios/list', () => {
  it('scopes to the store, and to the clerk without Aa3; masks the hirer phone', async () => {
    const s = await t.newStore();
    const mine = await t.signedIn({ storeId: s.id, permission: '' });
    const other = await t.newClerk({ storeId: s.id });
    await t.newIosDevice({ storeId: s.id, clerkId: mine.clerk.id, hirerPhoneNumber: '13912345678' });
    await t.newIosDevice({ storeId: s.id, clerkId: other.id });
    const foreign = await t.newStore();
    await t.newIosDevice({ storeId: foreign.id });

    const own = (await get('/api/device/ios/list', mine.headers)).json();
    expect(own.total).toBe(1);
    expect(own.list[0].hirer_phone_number).toBe('139****5678');
    const viewAll = await t.signedIn({ storeId: s.id, permission: 'Aa3' });
    expect((await get('/api/device/ios/list', viewAll.headers)).json().total).toBe(2);
  });

  it('filters by imei prefix, hirer phone, registration dates, offline duration and sorts both ways', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const now = Date.now();
    const a = await t.newIosDevice({
      storeId: s.id,
      imei1: '356789012345678',
      hirerPhoneNumber: '13800000001',
      registrationTime: new Date('2026-03-01T10:00:00+08:00'),
      lastActiveTime: new Date(now - 2 * 3_600_000),
      enrollmentStatus: 1,
    });
    const b = await t.newIosDevice({
      storeId: s.id,
      imei2: '356700000000001',
      hirerPhoneNumber: '13900000002',
      registrationTime: new Date('2026-03-05T10:00:00+08:00'),
      lastActiveTime: new Date(now - 30 * 3_600_000),
      enrollmentStatus: 1,
    });
    const c = await t.newIosDevice({ storeId: s.id, imei1: '861111111111111', registrationTime: new Date('2026-04-01T10:00:00+08:00'), lastActiveTime: null });
    const ids = async (query: string) => (await get(`/api/device/ios/list?${query}`, headers)).json().list.map((d: { id: string }) => d.id);

    expect(await ids('imei=3567')).toEqual([b.id, a.id]);
    expect(await ids('imei=35670000')).toEqual([b.id]);
    expect(await ids('hirer_phone_number=139')).toEqual([b.id]);
    expect(await ids('registration_time=20260301&registration_time=20260305')).toEqual([b.id, a.id]);
    expect(await ids('registration_time=20260302&registration_time=20260331')).toEqual([b.id]);
    // c was registered and never enrolled: 待激活, not offline (as the home counts it).
    expect(await ids('offline_duration=24')).toEqual([b.id]);
    expect(await ids('offline_duration=3&sort_index=last_active_time&sort_direction=descend')).toEqual([b.id]);
    expect(await ids('sort_index=registration_time&sort_direction=ascend')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort_index=last_active_time&sort_direction=descend')).toEqual([a.id, b.id, c.id]);
    const paged = (await get('/api/device/ios/list?page_num=1&page_size=2', headers)).json();
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.list.map((d: { id: string }) => d.id)).toEqual([a.id]);
    // Enrolled and never heard from since: offline.
    await t.db.update(iosDevice).set({ enrollmentStatus: 1 }).where(eq(iosDevice.id, c.id));
    expect(await ids('offline_duration=24')).toEqual([c.id, b.id]);
  });

  it.each([
    'imei=1234567890123456',
    'imei=12ab',
    'hirer_phone_number=123456789012',
    'registration_time=2026030&registration_time=20260305',
    'registration_time=20260301',
    'offline_duration=5',
    'sort_direction=up',
    'sort_index=serial_number',
    'page_size=51',
    'page_size=0',
  ])('refuses %s with a Chinese 400', async (query) => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const res = await get(`/api/device/ios/list?${query}`, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('store isolation', () => {
  it('answers 404 for every call given another store’s device or operation ids', async () => {
    const victimStore = await t.newStore();
    const victimDevice = await t.newIosDevice({ storeId: victimStore.id, enrolled: true, lockStatus: LockStatus.LOCKED });
    const victim = await t.signedIn({ storeId: victimStore.id, isAdmin: true });
    const lock = await post('/api/device/ios/command/lock', victim.headers, { device_id: victimDevice.id, message: '请还款' });
    const opId = lock.json().operation_log_id;
    const attacker = await t.signedIn({ isAdmin: true });
    const id = victimDevice.id;
    const calls: [string, string, object?][] = [
      ['GET', `/api/device/ios/${id}`],
      ['GET', `/api/device/ios/${id}?mdm_check=1`],
      ['GET', `/api/device/ios/helper/installed-app-list?device_id=${id}`],
      ['GET', `/api/device/ios/operation-log?device_id=${id}`],
      ['GET', `/api/device/ios/operation-log/${opId}`],
      ['GET', `/api/device/ios/location-log?device_id=${id}`],
      ['POST', '/api/device/ios/update-remark', { device_id: id, remark: 'x' }],
      ['POST', '/api/device/ios/update-hirer', { device_id: id, hirer_name: '张三', hirer_phone_number: '' }],
      ['POST', '/api/device/ios/change-for-clerk', { device_ids: [id], for_clerk: attacker.clerk.id }],
      ['POST', '/api/device/ios/operation-log/cancel-schedule-enable-lost-mode', { operation_log_id: opId }],
      ...[
        'get-hirer-phone',
        'get-sim-log',
        'lock',
        'unlock',
        'play-lost-mode-sound',
        'get-location',
        'reboot',
        'clear-passcode',
        'get-installed-app-list',
        'move-to-recycle-bin',
        'remove',
      ].map((name): [string, string, object] => ['POST', `/api/device/ios/command/${name}`, { device_id: id, message: 'x', password: 'Passw0rd!x' }]),
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: attacker.headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [untouched] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, id));
    expect(untouched).toMatchObject({ remark: '', hirerName: '', recycledStatus: 0 });
    const lists = (await get('/api/device/ios/list', attacker.headers)).json();
    expect(lists.list.map((d: { id: string }) => d.id)).not.toContain(id);
    const exported = await post('/api/device/ios/export-list', attacker.headers, {});
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.includes(Buffer.from(victimDevice.serialNumber))).toBe(false);
  });
});

describe('lock', () => {
  it('queues EnableLostMode at security priority, logs the operation and shows progress', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const res = await post('/api/device/ios/command/lock', headers, {
      device_id: d.id,
      message: '请联系门店',
      phone_number: '4001234567',
      footnote: '华强北店',
    });
    expect(res.json()).toMatchObject({ status: OperationStatus.QUEUED, replayed: false });
    const [cmd] = await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, d.id));
    expect(cmd).toMatchObject({ requestType: 'EnableLostMode', status: 'queued', priority: 10, operationLogId: res.json().operation_log_id });
    expect(cmd.payload).toContain('<string>请联系门店</string>');
    const item = (await get(`/api/device/ios/${d.id}`, headers)).json();
    expect(item.lock_status).toBe(LockStatus.LOCKING);
    expect(item.progress).toMatchObject({ action: 'lock', status: OperationStatus.QUEUED });
    // The detail shows what the hirer's lock screen says while the phone is (being) locked.
    expect(item.lock_screen).toEqual({ message: '请联系门店', phone_number: '4001234567', footnote: '华强北店' });
    const other = await t.newIosDevice({ storeId: s.id, enrolled: true });
    expect((await get(`/api/device/ios/${other.id}`, headers)).json().lock_screen).toBeNull();
  });

  it('requires a message, and refuses a phone that has not enrolled', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const enrolled = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const noMessage = await post('/api/device/ios/command/lock', headers, { device_id: enrolled.id, message: '  ' });
    expect(noMessage.json().message).toContain('请输入锁屏提示');
    const badWhen = await post('/api/device/ios/command/lock', headers, { device_id: enrolled.id, message: 'x', when: 'tomorrow' });
    expect(badWhen.json().message).toContain('执行时间应为 now 或有效日期');
    const pending = await t.newIosDevice({ storeId: s.id });
    const notEnrolled = await post('/api/device/ios/command/lock', headers, { device_id: pending.id, message: 'x' });
    expect(notEnrolled.json().message).toBe('设备尚未接入管理，无法下发指令');
  });

  it('needs Ab4 to lock and Ab5 to unlock', async () => {
    const s = await t.newStore();
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const locker = await t.signedIn({ storeId: s.id, permission: 'Aa3,Ab4' });
    expect((await post('/api/device/ios/command/lock', locker.headers, { device_id: d.id, message: 'x' })).statusCode).toBe(200);
    expect((await post('/api/device/ios/command/unlock', locker.headers, { device_id: d.id })).statusCode).toBe(403);
  });

  it('schedules a future lock without queuing, and cancelling it leaves nothing to run', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const res = await post('/api/device/ios/command/lock', headers, { device_id: d.id, message: '到期未还款', when });
    expect(res.json().status).toBe(OperationStatus.SCHEDULED);
    expect(await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, d.id))).toHaveLength(0);
    expect((await get(`/api/device/ios/${d.id}`, headers)).json().lock_status).toBe(LockStatus.SCHEDULED);
    const cancel = await post('/api/device/ios/operation-log/cancel-schedule-enable-lost-mode', headers, { operation_log_id: res.json().operation_log_id });
    expect(cancel.json()).toEqual({ ok: true });
    const log = (await get(`/api/device/ios/operation-log/${res.json().operation_log_id}`, headers)).json();
    expect(log.status).toBe(OperationStatus.CANCELLED);
    expect((await get(`/api/device/ios/${d.id}`, headers)).json().lock_status).toBe(LockStatus.UNLOCKED);
    expect(
      (await post('/api/device/ios/operation-log/cancel-schedule-enable-lost-mode', headers, { operation_log_id: res.json().operation_log_id })).statusCode,
    ).toBe(409);
  });

  it('gives five parallel replays with one Idempotency-Key exactly one command and one audit entry', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/device/ios/command/lock', headers, { device_id: d.id, message: '重复点击' }, { 'idempotency-key': `click-${d.id}` }),
      ),
    );
    const ids = new Set(replays.map((r) => r.json().operation_log_id));
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, d.id))).toHaveLength(1);
    const logs = (await get(`/api/device/ios/operation-log?device_id=${d.id}`, headers)).json();
    expect(logs.list.filter((l: { action: string }) => l.action === 'lock')).toHaveLength(1);
  });

  it('lets an unlock supersede a lock still waiting for the phone', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const lock = await post('/api/device/ios/command/lock', headers, { device_id: d.id, message: 'x' });
    await post('/api/device/ios/command/unlock', headers, { device_id: d.id });
    const rows = await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, d.id)).orderBy(mdmCommand.createdAt);
    expect(rows.map((r) => [r.requestType, r.status])).toEqual([
      ['EnableLostMode', 'cancelled'],
      ['DisableLostMode', 'queued'],
    ]);
    expect((await get(`/api/device/ios/operation-log/${lock.json().operation_log_id}`, headers)).json()).toMatchObject({
      status: OperationStatus.CANCELLED,
      result: '已被新的操作取代',
    });
  });
});

describe('other commands and edits', () => {
  it('reveals the hirer phone only through get-hirer-phone, with an audit entry', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, hirerPhoneNumber: '13712345678' });
    const res = await post('/api/device/ios/command/get-hirer-phone', headers, { device_id: d.id });
    expect(res.json()).toEqual({ hirer_phone_number: '13712345678' });
    const logs = (await get(`/api/device/ios/operation-log?device_id=${d.id}`, headers)).json();
    expect(logs.list[0]).toMatchObject({ action: 'get-hirer-phone', action_label: '查看租机人手机号' });
  });

  it('plays the sound and locates only in lost mode', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    for (const name of ['play-lost-mode-sound', 'get-location']) {
      const res = await post(`/api/device/ios/command/${name}`, headers, { device_id: d.id });
      expect(res.json().message).toContain('未处于锁定');
    }
    await t.db.update(iosDevice).set({ lockStatus: LockStatus.LOCKED }).where(eq(iosDevice.id, d.id));
    expect((await post('/api/device/ios/command/get-location', headers, { device_id: d.id })).statusCode).toBe(200);
  });

  it('needs the password to clear the passcode', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const wrong = await post('/api/device/ios/command/clear-passcode', headers, { device_id: d.id, password: 'nope-nope1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('SECPWD_MISMATCH');
    const ok = await post('/api/device/ios/command/clear-passcode', headers, { device_id: d.id, password: 'Passw0rd!x' });
    expect(ok.statusCode).toBe(200);
    const [cmd] = await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, d.id));
    expect(cmd.requestType).toBe('ClearPasscode');
  });

  it('moves to the recycle bin, removes only from there, frees the slot and cancels the queue', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    await post('/api/device/ios/new', headers, { serial_numbers: ['RECYCLE00001'] });
    const [d] = await t.db.select().from(iosDevice).where(eq(iosDevice.storeId, s.id));
    expect((await post('/api/device/ios/command/remove', headers, { device_id: d.id })).statusCode).toBe(409);
    await post('/api/device/ios/command/move-to-recycle-bin', headers, { device_id: d.id });
    expect((await get('/api/device/ios/list', headers)).json().total).toBe(0);
    expect((await get('/api/device/ios/recycled-list', headers)).json().total).toBe(1);
    expect((await post('/api/device/ios/command/remove', headers, { device_id: d.id })).json()).toEqual({ ok: true });
    const [after] = await t.db.select().from(store).where(eq(store.id, s.id));
    expect(after.usedDeviceCount).toBe(0);
    expect((await get(`/api/device/ios/${d.id}`, headers)).statusCode).toBe(404);
  });

  it('changes clerk for a batch within the store, or not at all', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const to = await t.newClerk({ storeId: s.id });
    const a = await t.newIosDevice({ storeId: s.id });
    const b = await t.newIosDevice({ storeId: s.id });
    const foreign = await t.newIosDevice({ storeId: (await t.newStore()).id });
    const mixed = await post('/api/device/ios/change-for-clerk', admin.headers, { device_ids: [a.id, foreign.id], for_clerk: to.id });
    expect(mixed.statusCode).toBe(404);
    const ok = await post('/api/device/ios/change-for-clerk', admin.headers, { device_ids: [a.id, b.id], for_clerk: to.id });
    expect(ok.json()).toEqual({ count: 2 });
    const rows = await t.db.select({ c: iosDevice.clerkId }).from(iosDevice).where(sql`${iosDevice.id} in (${a.id}, ${b.id}, ${foreign.id})`);
    expect(rows.filter((r) => r.c === to.id)).toHaveLength(2);
  });

  it('exports the filtered list as xlsx', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    await t.newIosDevice({ storeId: s.id, serialNumber: 'EXPORTME0001', hirerName: '王五' });
    const res = await post('/api/device/ios/export-list', headers, {});
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
