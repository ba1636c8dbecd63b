import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANDROID_RESTRICTIONS, CORE_ANDROID_RESTRICTIONS, LockStatus, Module, RegulateStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { androidDevice, androidLocationLog } from '../../domain/android-device.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const BASE = '/api/device/android';
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT', url: string, headers: Headers, payload: object) => t.app.inject({ method, url, headers, payload });

/** aStore: a store with its admin, a clerk who sees every device (Ea2) and one who sees only their own. */
async function aStore() {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const viewer = await t.signedIn({ storeId: s.id, permission: 'Ea2' });
  const own = await t.signedIn({ storeId: s.id, permission: '' });
  return { s, admin, viewer, own };
}

describe('GET /api/device/android/list', () => {
  it('lists the store’s phones, newest first, with the hirer phone masked', async () => {
    const { s, admin } = await aStore();
    await t.newAndroidDevice({ storeId: s.id, hirerName: '张三', hirerPhoneNumber: '13800001111', registrationTime: new Date('2026-01-01T02:00:00Z') });
    await t.newAndroidDevice({ storeId: s.id, brand: 'xiaomi', model: '23127PN0CC', registrationTime: new Date('2026-01-02T02:00:00Z') });
    const res = await get(`${BASE}/list`, admin.headers);
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json();
    expect(total).toBe(2);
    expect(list[0].brand_label).toBe('小米');
    expect(list[1]).toMatchObject({ hirer_name: '张三', hirer_phone_number: '138****1111', brand_label: '荣耀', archived: false });
  });

  it('shows a clerk without Ea2 only the phones assigned to them (spec: list:view-all)', async () => {
    const { s, admin, viewer, own } = await aStore();
    const mine = await t.newAndroidDevice({ storeId: s.id, clerkId: own.clerk.id });
    await t.newAndroidDevice({ storeId: s.id, clerkId: admin.clerk.id });
    const scoped = (await get(`${BASE}/list`, own.headers)).json();
    expect(scoped.list.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect((await get(`${BASE}/list`, viewer.headers)).json().total).toBe(2);
    expect((await get(`${BASE}/${(await t.newAndroidDevice({ storeId: s.id, clerkId: admin.clerk.id })).id}`, own.headers)).statusCode).toBe(404);
  });

  it('filters by imei prefix, brand, model, channel, lock and regulate state, clerk and registration days', async () => {
    const { s, admin } = await aStore();
    const a = await t.newAndroidDevice({
      storeId: s.id,
      imei1: '861234560000001',
      brand: 'oppo',
      model: 'PHZ110',
      channel: 3,
      lockStatus: LockStatus.LOCKED,
      regulateStatus: RegulateStatus.REGULATED,
      clerkId: admin.clerk.id,
      registrationTime: new Date('2026-02-10T01:00:00Z'),
    });
    await t.newAndroidDevice({
      storeId: s.id,
      imei1: '869999990000002',
      brand: 'vivo',
      model: 'V2309A',
      channel: 4,
      registrationTime: new Date('2026-03-10T01:00:00Z'),
    });
    const ids = async (query: string) => (await get(`${BASE}/list?${query}`, admin.headers)).json().list.map((d: { id: string }) => d.id);
    for (const q of [
      'imei=861234',
      'brand=oppo',
      'model=PHZ110',
      'channel=3',
      'lock_status=2',
      'regulate_status=2',
      `for_clerk=${admin.clerk.id}`,
      'registration_time=20260201&registration_time=20260228',
    ]) {
      expect(await ids(q), q).toEqual([a.id]);
    }
  });

  it('keeps archived phones out of the list and in the 已归档 tab', async () => {
    const { s, admin } = await aStore();
    const kept = await t.newAndroidDevice({ storeId: s.id });
    const gone = await t.newAndroidDevice({ storeId: s.id, archived: true, archivedAt: new Date() });
    expect((await get(`${BASE}/list`, admin.headers)).json().list.map((d: { id: string }) => d.id)).toEqual([kept.id]);
    expect((await get(`${BASE}/list?archived=true`, admin.headers)).json().list.map((d: { id: string }) => d.id)).toEqual([gone.id]);
  });

  it.each([
    ['imei=12ab', 'IMEI 最多 15 位数字'],
    ['page_size=51', '每页条数应在 1-50 之间'],
    ['offline_duration=5', '离线时长只能是 3、6、12、24 或 73（73 即超过 72 小时）'],
    ['regulate_status=9', '监管状态有误'],
    ['channel=7', '管理通道有误'],
  ])('refuses %s with a Chinese 400', async (query, message) => {
    const { admin } = await aStore();
    const res = await get(`${BASE}/list?${query}`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('is refused to a store without the Android module', async () => {
    const s = await t.newStore({ modules: [Module.APPLE] });
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    expect((await get(`${BASE}/list`, headers)).statusCode).toBe(403);
  });
});

describe('GET /api/device/android/search-options', () => {
  it('offers the brands, models and channels of the store’s own phones, and its clerks', async () => {
    const { s, admin } = await aStore();
    await t.newAndroidDevice({ storeId: s.id, brand: 'honor', model: 'PGT-AN10', channel: 1 });
    await t.newAndroidDevice({ storeId: s.id, brand: 'xiaomi', model: '23127PN0CC', channel: 0 });
    const other = await t.newStore();
    await t.newAndroidDevice({ storeId: other.id, brand: 'vivo', model: 'V2309A' });
    const o = (await get(`${BASE}/search-options`, admin.headers)).json();
    expect(o.brands).toEqual([
      { value: 'honor', label: '荣耀' },
      { value: 'xiaomi', label: '小米' },
    ]);
    expect(o.models).toEqual(['23127PN0CC', 'PGT-AN10']);
    expect(o.channels).toEqual([
      { value: 0, label: '设备所有者' },
      { value: 1, label: '荣耀' },
    ]);
    expect(o.clerks.map((c: { id: string }) => c.id)).toContain(admin.clerk.id);
    expect(o.regulate_statuses.map((x: { label: string }) => x.label)).toContain('已监管');
  });

  it('gives a clerk without Ea2 the options of their own phones and no clerk list', async () => {
    const { s, own } = await aStore();
    await t.newAndroidDevice({ storeId: s.id, brand: 'oppo', clerkId: own.clerk.id });
    await t.newAndroidDevice({ storeId: s.id, brand: 'vivo' });
    const o = (await get(`${BASE}/search-options`, own.headers)).json();
    expect(o.brands.map((b: { value: string }) => b.value)).toEqual(['oppo']);
    expect(o.clerks).toEqual([]);
    // A clerk who may hand phones over (Ea3) gets the clerk names for the hand-over dialog.
    const handing = await t.signedIn({ storeId: s.id, permission: 'Ea3' });
    expect((await get(`${BASE}/search-options`, handing.headers)).json().clerks.length).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/device/android/{id} and its parts', () => {
  it('gives the detail with the effective restrictions and where they differ from the store default', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({
      storeId: s.id,
      systemRestriction: { ...CORE_ANDROID_RESTRICTIONS, no_camera: true },
      installedApps: [{ app_name: '微信', package_name: 'com.tencent.mm' }],
    });
    const res = await get(`${BASE}/${d.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(Object.keys(detail.system_restriction)).toHaveLength(ANDROID_RESTRICTIONS.length);
    expect(detail.diff_system_restriction_keys).toEqual(['no_camera']);
    expect(detail.installed_app_count).toBe(1);
    expect(detail.offline_lock_hours).toBe(72);
    const view = (await get(`${BASE}/${d.id}/system-restriction`, admin.headers)).json();
    expect(view.restriction.no_factory_reset).toBe(true);
    expect(view.store_default.no_camera).toBe(false);
    expect(view.diff_keys).toEqual(['no_camera']);
    expect((await get(`${BASE}/${d.id}/installed-app-list`, admin.headers)).json()).toEqual([{ app_name: '微信', package_name: 'com.tencent.mm' }]);
    expect((await get(`${BASE}/${d.id}/app-restriction`, admin.headers)).json()).toEqual({ enable: false, mode: 0, list: [] });
  });

  it('answers 404 设备不存在 for another store’s phone and for an unknown id, 400 for a malformed one', async () => {
    const { admin } = await aStore();
    const other = await t.newStore();
    const theirs = await t.newAndroidDevice({ storeId: other.id });
    for (const path of ['', '/system-restriction', '/app-restriction', '/installed-app-list']) {
      const res = await get(`${BASE}/${theirs.id}${path}`, admin.headers);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('设备不存在');
    }
    expect((await get(`${BASE}/00000000-0000-4000-8000-000000000000`, admin.headers)).statusCode).toBe(404);
    expect((await get(`${BASE}/not-a-uuid`, admin.headers)).statusCode).toBe(400);
  });
});

describe('POST /api/device/android/{id}/update-hirer-info and /update-remark', () => {
  it('saves the hirer and the remark and logs both', async () => {
    const { s, own } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: own.clerk.id });
    expect((await send('POST', `${BASE}/${d.id}/update-hirer-info`, own.headers, { hirer_name: '李四', hirer_phone_number: '13900002222' })).statusCode).toBe(
      200,
    );
    expect((await send('POST', `${BASE}/${d.id}/update-remark`, own.headers, { remark: '订单 A-1001' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, d.id));
    expect(row).toMatchObject({ hirerName: '李四', hirerPhoneNumber: '13900002222', remark: '订单 A-1001' });
    const actions = (await t.db.select().from(operationLog).where(eq(operationLog.deviceId, d.id))).map((o) => o.action).sort();
    expect(actions).toEqual(['update-hirer-info', 'update-remark']);
  });

  it.each([
    [{ hirer_name: '', hirer_phone_number: '' }, '请输入租机人姓名'],
    [{ hirer_name: '李四', hirer_phone_number: '23900002222' }, '请输入正确的手机号'],
    [{ hirer_name: '一二三四五六七八九十一二三四五六七八九十一', hirer_phone_number: '' }, '姓名最多 20 个字符'],
  ])('refuses hirer %j with a Chinese 400', async (body, message) => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    const res = await send('POST', `${BASE}/${d.id}/update-hirer-info`, admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('changes nothing on another store’s phone (404)', async () => {
    const { admin } = await aStore();
    const other = await t.newStore();
    const theirs = await t.newAndroidDevice({ storeId: other.id, remark: '原备注' });
    expect((await send('POST', `${BASE}/${theirs.id}/update-remark`, admin.headers, { remark: '改了' })).statusCode).toBe(404);
    expect((await send('POST', `${BASE}/${theirs.id}/update-hirer-info`, admin.headers, { hirer_name: '改了', hirer_phone_number: '' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, theirs.id));
    expect(row.remark).toBe('原备注');
    expect(row.hirerName).toBe('');
  });
});

describe('store Android defaults', () => {
  it('start from the core 监管 set and save the admin’s switches', async () => {
    const { s, admin, viewer } = await aStore();
    const initial = (await get(`${BASE}/default-system-restriction`, viewer.headers)).json();
    expect(initial.system_restriction).toEqual(CORE_ANDROID_RESTRICTIONS);
    const res = await send('PUT', `${BASE}/default-system-restriction`, admin.headers, { restriction: { no_camera: true, no_factory_reset: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().system_restriction).toMatchObject({ no_camera: true, no_factory_reset: false, no_safe_boot: true });
    const [row] = await t.db.select().from(store).where(eq(store.id, s.id));
    expect(row.androidSystemRestriction).toMatchObject({ no_camera: true, no_factory_reset: false });
  });

  it('refuses unknown keys and a non-admin writer, and reads and writes the app rule', async () => {
    const { admin, viewer } = await aStore();
    const unknown = await send('PUT', `${BASE}/default-system-restriction`, admin.headers, { restriction: { no_teleport: true } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('未知的限制项：no_teleport');
    const denied = await send('PUT', `${BASE}/default-system-restriction`, viewer.headers, { restriction: { no_camera: true } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    expect((await send('PUT', `${BASE}/default-app-restriction`, viewer.headers, { enable: false })).statusCode).toBe(403);

    expect((await get(`${BASE}/default-app-restriction`, viewer.headers)).json()).toEqual({ enable: false, mode: 0, list: [] });
    const rule = { enable: true, mode: 1, list: [{ app_name: '微信', package_name: 'com.tencent.mm' }] };
    expect((await send('PUT', `${BASE}/default-app-restriction`, admin.headers, rule)).json()).toEqual(rule);
    expect((await get(`${BASE}/default-app-restriction`, viewer.headers)).json()).toEqual(rule);
    const noMode = await send('PUT', `${BASE}/default-app-restriction`, admin.headers, { enable: true });
    expect(JSON.stringify(noMode.json())).toContain('开启应用限制时请选择限制模式');
  });
});

describe('logs', () => {
  it('gives a phone’s location log newest first, and refuses another store’s phone', async () => {
    const { s, admin } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id });
    await t.db.insert(androidLocationLog).values([
      { deviceId: d.id, latitude: 22.54, longitude: 114.05, accuracy: 10, measuredAt: new Date('2026-01-01T00:00:00Z') },
      { deviceId: d.id, latitude: 22.55, longitude: 114.06, accuracy: null, measuredAt: new Date('2026-01-02T00:00:00Z') },
    ]);
    const res = (await get(`${BASE}/location-log?device_id=${d.id}`, admin.headers)).json();
    expect(res.total).toBe(2);
    expect(res.list[0]).toMatchObject({ latitude: 22.55, longitude: 114.06, accuracy: null, measured_at: '2026-01-02T00:00:00.000Z' });
    const other = await t.newStore();
    const theirs = await t.newAndroidDevice({ storeId: other.id });
    expect((await get(`${BASE}/location-log?device_id=${theirs.id}`, admin.headers)).statusCode).toBe(404);
    expect((await get(`${BASE}/location-log`, admin.headers)).statusCode).toBe(400);
  });

  it('gives a phone’s operation log, and without device_id the store page scoped by Db1', async () => {
    const { s, admin, own } = await aStore();
    const d = await t.newAndroidDevice({ storeId: s.id, clerkId: own.clerk.id });
    await send('POST', `${BASE}/${d.id}/update-remark`, own.headers, { remark: '店员写的' });
    await send('POST', `${BASE}/${d.id}/update-remark`, admin.headers, { remark: '管理员写的' });
    const tab = (await get(`${BASE}/operation-log?device_id=${d.id}`, own.headers)).json();
    expect(tab.total).toBe(2);
    expect(tab.list[0].action_label).toBe('修改备注');
    // Without Db1 the store page shows only the caller's own operations; the admin sees both.
    expect((await get(`${BASE}/operation-log`, own.headers)).json().total).toBe(1);
    expect((await get(`${BASE}/operation-log`, admin.headers)).json().total).toBe(2);
    const other = await t.newStore();
    const theirs = await t.newAndroidDevice({ storeId: other.id });
    expect((await get(`${BASE}/operation-log?device_id=${theirs.id}`, admin.headers)).statusCode).toBe(404);
    const mineOnly = await t.newAndroidDevice({ storeId: s.id, clerkId: admin.clerk.id });
    expect((await get(`${BASE}/operation-log?device_id=${mineOnly.id}`, own.headers)).statusCode).toBe(404);
  });
});
