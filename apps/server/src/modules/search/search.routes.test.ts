import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';

// Runs on PGlite, and on PostgreSQL with DATABASE_URL (node scripts/with-postgres.mjs): both load pg_trgm.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
type Item = { platform: string; id: string; matched: string; hirer_phone_number: string };
const search = (q: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/search/devices?q=${encodeURIComponent(q)}`, headers });
const found = async (q: string, headers: Headers) => {
  const res = await search(q, headers);
  expect(res.statusCode).toBe(200);
  return (res.json().list as Item[]).map((d) => `${d.platform}:${d.id}`);
};

describe('GET /api/search/devices', () => {
  it('finds both platforms by the last 4 digits of the hirer phone, masked, the exact match first', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const apple = await t.newIosDevice({ storeId: s.id, hirerName: '王小明', hirerPhoneNumber: '13912345678' });
    const android = await t.newAndroidDevice({ storeId: s.id, hirerName: '李租客', hirerPhoneNumber: '13656785678' });
    await t.newIosDevice({ storeId: s.id, hirerName: '无关', hirerPhoneNumber: '13900001111' });

    const res = await search('5678', headers);
    expect(res.statusCode).toBe(200);
    const { list, more } = res.json();
    expect(more).toBe(false);
    expect(list.map((d: Item) => `${d.platform}:${d.id}`).sort()).toEqual([`android:${android.id}`, `ios:${apple.id}`].sort());
    expect(list[0]).toMatchObject({ hirer_phone_number: expect.stringMatching(/^1\d\d\*\*\*\*5678$/), matched: 'phone', lock_status: 0 });
    expect(JSON.stringify(list)).not.toContain('13912345678');
    // A fragment from the middle, and all 11 digits typed with spaces.
    expect(await found('1234', headers)).toEqual([`ios:${apple.id}`]);
    expect(await found('139 1234 5678', headers)).toEqual([`ios:${apple.id}`]);
  });

  it('finds by the hirer name (two characters: its start or end; three or more: anywhere), serial, IMEI and remark', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const a = await t.newIosDevice({ storeId: s.id, hirerName: '欧阳小芳', serialNumber: 'F2LXK0SRCH01', imei1: '356711112222333' });
    const b = await t.newAndroidDevice({ storeId: s.id, hirerName: '张三', imei2: '861234567890123', remark: '押金已退 蓝色壳' });

    expect(await found('欧阳', headers)).toEqual([`ios:${a.id}`]);
    expect(await found('小芳', headers)).toEqual([`ios:${a.id}`]);
    expect(await found('阳小芳', headers)).toEqual([`ios:${a.id}`]);
    expect(await found('张三', headers)).toEqual([`android:${b.id}`]);
    expect(await found('k0srch', headers)).toEqual([`ios:${a.id}`]);
    expect(await found('890123', headers)).toEqual([`android:${b.id}`]);
    expect(await found('蓝色壳', headers)).toEqual([`android:${b.id}`]);
    // Two characters stay within the name: not its middle, not a remark's word, not a serial.
    expect(await found('阳小', headers)).toEqual([]);
    expect(await found('押金', headers)).toEqual([]);
    expect(await found('已退', headers)).toEqual([]);
    expect(await found('f2', headers)).toEqual([]);
    const byImei = (await search('3567111122', headers)).json().list[0];
    expect(byImei).toMatchObject({ matched: 'imei', imei: '356711112222333', model_name: expect.any(String) });
    expect((await search('861234567890', headers)).json().list[0]).toMatchObject({ matched: 'imei', imei: '861234567890123' });
    // LIKE's wildcards are literal text.
    expect(await found('%%%', headers)).toEqual([]);
  });

  it('finds a hirer by a two-character given name on both platforms, named as a name match', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const given = await t.newIosDevice({ storeId: s.id, hirerName: '王伟明', hirerPhoneNumber: '13911112222' });
    const surname = await t.newAndroidDevice({ storeId: s.id, hirerName: '伟明华' });
    await t.newIosDevice({ storeId: s.id, hirerName: '李四', remark: '伟明 介绍的客户' });
    const res = (await search('伟明', headers)).json();
    expect(res.list.map((d: Item) => `${d.platform}:${d.id}`).sort()).toEqual([`ios:${given.id}`, `android:${surname.id}`].sort());
    expect(res.list.map((d: Item) => d.matched)).toEqual(['name', 'name']);
  });

  it('leaves out the recycle bin, archived phones and other stores', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const kept = await t.newIosDevice({ storeId: s.id, hirerPhoneNumber: '13700004321' });
    await t.newIosDevice({ storeId: s.id, hirerPhoneNumber: '13700014321', recycledStatus: 1 });
    await t.newAndroidDevice({ storeId: s.id, hirerPhoneNumber: '13700024321', archived: true });
    const foreign = await t.newStore();
    await t.newIosDevice({ storeId: foreign.id, hirerPhoneNumber: '13700034321' });
    await t.newAndroidDevice({ storeId: foreign.id, hirerPhoneNumber: '13700044321' });
    expect(await found('4321', headers)).toEqual([`ios:${kept.id}`]);
  });

  it("keeps a clerk without 查看全部设备 to their own phones, per platform, and to the store's modules", async () => {
    const s = await t.newStore();
    const me = await t.signedIn({ storeId: s.id, permission: '' });
    const other = await t.newClerk({ storeId: s.id });
    const mine = await t.newIosDevice({ storeId: s.id, clerkId: me.clerk.id, hirerPhoneNumber: '13800008765' });
    const theirs = await t.newIosDevice({ storeId: s.id, clerkId: other.id, hirerPhoneNumber: '13800018765' });
    const theirAndroid = await t.newAndroidDevice({ storeId: s.id, clerkId: other.id, hirerPhoneNumber: '13800028765' });
    expect(await found('8765', me.headers)).toEqual([`ios:${mine.id}`]);

    const appleAll = await t.signedIn({ storeId: s.id, permission: 'Aa3' });
    expect((await found('8765', appleAll.headers)).sort()).toEqual([`ios:${mine.id}`, `ios:${theirs.id}`].sort());
    const androidAll = await t.signedIn({ storeId: s.id, permission: 'Ea2' });
    expect(await found('8765', androidAll.headers)).toEqual([`android:${theirAndroid.id}`]);

    const appleOnly = await t.newStore({ modules: [Module.APPLE] });
    const admin = await t.signedIn({ storeId: appleOnly.id, isAdmin: true });
    const iphone = await t.newIosDevice({ storeId: appleOnly.id, hirerPhoneNumber: '13800038765' });
    await t.newAndroidDevice({ storeId: appleOnly.id, hirerPhoneNumber: '13800048765' });
    expect(await found('8765', admin.headers)).toEqual([`ios:${iphone.id}`]);
  });

  it('answers at most 10 phones and says there are more', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    for (let i = 0; i < 12; i++) await t.newIosDevice({ storeId: s.id, hirerName: `赵六${i}`, hirerPhoneNumber: `1360000${String(i).padStart(2, '0')}99` });
    const { list, more } = (await search('赵六', headers)).json();
    expect(list).toHaveLength(10);
    expect(more).toBe(true);
  });

  it.each([
    ['', '请至少输入 2 个字符'],
    ['a', '请至少输入 2 个字符'],
    ['138', '数字请至少输入 4 位'],
    ['x'.repeat(65), '搜索内容最多 64 个字符'],
  ])('refuses %j with 400 and a Chinese message', async (q, message) => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const res = await search(q, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
  });

  it('refuses a missing q with 400 and a missing session with 401', async () => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const missing = await t.app.inject({ method: 'GET', url: '/api/search/devices', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('请输入搜索内容');
    expect((await t.app.inject({ method: 'GET', url: '/api/search/devices?q=abcd' })).statusCode).toBe(401);
  });
});

describe('hirer_phone_number on the device lists', () => {
  it('matches any 4+ digits of the phone on both lists, all 11 exactly, and fewer as a prefix', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const a = await t.newIosDevice({ storeId: s.id, hirerPhoneNumber: '13912345678', imei1: '355678000000001' });
    const b = await t.newIosDevice({ storeId: s.id, hirerPhoneNumber: '13800005678' });
    const c = await t.newAndroidDevice({ storeId: s.id, hirerPhoneNumber: '13712345678' });
    const ios = async (digits: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/device/ios/list?hirer_phone_number=${digits}`, headers })).json().list.map((d: { id: string }) => d.id);
    const android = async (digits: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/device/android/list?hirer_phone_number=${digits}`, headers }))
        .json()
        .list.map((d: { id: string }) => d.id);

    expect((await ios('5678')).sort()).toEqual([a.id, b.id].sort());
    expect(await ios('2345')).toEqual([a.id]);
    expect(await ios('13912345678')).toEqual([a.id]);
    expect(await ios('139')).toEqual([a.id]);
    // The IMEI holds 5678 too, but the filter is the hirer's phone.
    expect(await ios('55678')).toEqual([]);
    expect(await android('5678')).toEqual([c.id]);
    expect(await android('13712345678')).toEqual([c.id]);
  });
});
