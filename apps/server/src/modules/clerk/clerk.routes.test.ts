import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, Perm, QUOTA_MAX } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp, nextPhone } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { createClerkRepo } from './clerk.repo.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { deviceDistributionLog } from './distribution-log.table.ts';
import { sendPublicCode } from '../sms-code/sms-proof.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const BASE = '/api/store/clerk';
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT', url: string, headers: Headers, payload: object) => t.app.inject({ method, url, headers, payload });
const put = (path: string, headers: Headers, payload: object) => send('PUT', `${BASE}/${path}`, headers, payload);
const clerkRow = async (id: string) => (await t.db.select().from(clerk).where(eq(clerk.id, id)))[0];

/** A store with its admin signed in. */
async function adminOfNewStore() {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { store: s, ...admin };
}

/** codeFor sends the CLERK_NEW code to a new phone as the console does and reads it from the dev outbox. */
async function codeFor(headers: Headers, phone: string) {
  const res = await send('POST', '/api/system/smsverify', headers, { purpose: 'clerk-new', phone_number: phone });
  expect(res.statusCode).toBe(200);
  return (await t.lastSmsCode(phone))!;
}

const newClerkBody = (phone: string, sms_code: string, extra: object = {}) => ({
  name: '新店员',
  phone_number: phone,
  sms_code,
  password: 'Clerk#2026',
  ...extra,
});

describe('clerk management is for the store admin only', () => {
  const calls: [string, string, object?][] = [
    ['GET', `${BASE}/list`],
    ['GET', `${BASE}/permission`],
    ['GET', `${BASE}/distribution-log`],
    ['POST', `${BASE}/new`, newClerkBody('13900000000', '123456')],
    ['PUT', `${BASE}/update`, { id: '00000000-0000-4000-8000-000000000000', name: 'x' }],
    ['PUT', `${BASE}/reset-password`, { id: '00000000-0000-4000-8000-000000000000', password: 'Clerk#2026' }],
    ['PUT', `${BASE}/disable`, { id: '00000000-0000-4000-8000-000000000000', disabled: true }],
  ];

  it.each(calls)('%s %s answers 403 to a clerk holding every other permission, 401 without a session', async (method, url, payload) => {
    const everything = Object.values(Perm)
      .filter((p) => p !== Perm.ADMIN)
      .join(',');
    const { headers } = await t.signedIn({ permission: everything });
    const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '仅管理员可执行此操作' });
    expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode).toBe(401);
  });
});

describe('GET /api/store/clerk/list', () => {
  it('lists the store’s clerks, admins first, with quotas, permissions and the devices they hold', async () => {
    const a = await adminOfNewStore();
    const b = await t.newClerk({ storeId: a.store.id, permission: 'Aa2,Aa3,bogus' });
    await t.db.update(clerk).set({ name: '李四', quotaLimit: true, totalQuota: 5, usedQuota: 2 }).where(eq(clerk.id, b.id));
    await t.newIosDevice({ storeId: a.store.id, clerkId: b.id });
    await t.newIosDevice({ storeId: a.store.id, clerkId: b.id });
    await t.newClerk({ storeId: (await t.newStore()).id });
    const hidden = await t.newClerk({ storeId: a.store.id });
    await t.db.update(clerk).set({ systemUser: true }).where(eq(clerk.id, hidden.id));

    const res = await get(`${BASE}/list`, a.headers);
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json();
    expect(total).toBe(2);
    expect(list.map((c: { id: string }) => c.id)).toEqual([a.clerk.id, b.id]);
    expect(list[0]).toMatchObject({ is_admin: true, device_count: { ios: 0, android: 0 } });
    expect(list[1]).toEqual({
      id: b.id,
      name: '李四',
      phone_number: b.phoneNumber,
      is_admin: false,
      permission: ['Aa2', 'Aa3'],
      disabled: false,
      quota_limit: true,
      total_quota: 5,
      used_quota: 2,
      device_count: { ios: 2, android: 0 },
      date_created: b.dateCreated.toISOString(),
    });
  });

  it('filters by name, phone and disabled, and pages', async () => {
    const a = await adminOfNewStore();
    const zhang = await t.newClerk({ storeId: a.store.id, disabled: true });
    await t.db.update(clerk).set({ name: '张_三' }).where(eq(clerk.id, zhang.id));
    await t.newClerk({ storeId: a.store.id });
    const ids = async (query: string) => (await get(`${BASE}/list?${query}`, a.headers)).json().list.map((c: { id: string }) => c.id);
    expect(await ids('name=张_')).toEqual([zhang.id]);
    expect(await ids('name=_')).toEqual([zhang.id]);
    expect(await ids(`phone_number=${zhang.phoneNumber.slice(-4)}`)).toEqual([zhang.id]);
    expect(await ids('disabled=true')).toEqual([zhang.id]);
    expect(await ids('disabled=false')).not.toContain(zhang.id);
    const page = (await get(`${BASE}/list?page_num=1&page_size=2`, a.headers)).json();
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(1);
  });

  it.each([
    ['page_size=51', '每页条数应在 1-50 之间'],
    ['page_num=-1', '页码应为非负整数'],
    ['disabled=maybe', '应为 true 或 false'],
    ['phone_number=abc', '手机号最多 11 位数字'],
  ])('refuses %s with a Chinese message', async (query, message) => {
    const a = await adminOfNewStore();
    const res = await get(`${BASE}/list?${query}`, a.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/store/clerk/permission', () => {
  it('gives the grouped permission table and the store’s default permissions', async () => {
    const a = await adminOfNewStore();
    await t.db.update(store).set({ employeeDefaultPermission: 'Aa2,Db1,Admin' }).where(eq(store.id, a.store.id));
    const res = await get(`${BASE}/permission`, a.headers);
    expect(res.json()).toEqual({ groups: PERMISSION_GROUPS, employee_default_permission: ['Aa2', 'Db1'] });
  });
});

describe('POST /api/store/clerk/new', () => {
  it('creates a clerk with the code sent to the new phone; the clerk can sign in with the store’s default permissions', async () => {
    const a = await adminOfNewStore();
    await t.db.update(store).set({ employeeDefaultPermission: 'Aa2,Aa3' }).where(eq(store.id, a.store.id));
    const phone = nextPhone();
    const res = await send('POST', `${BASE}/new`, a.headers, newClerkBody(phone, await codeFor(a.headers, phone)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '新店员', phone_number: phone, is_admin: false, permission: ['Aa2', 'Aa3'], quota_limit: false, disabled: false });
    const tokens = await t.login(phone, 'Clerk#2026');
    const me = await get('/api/user/me', { authorization: `Bearer ${tokens.access_token}` });
    expect(me.json()).toMatchObject({ phone_number: phone, store: { id: a.store.id }, permission: ['Aa2', 'Aa3'] });
    expect((await get(`${BASE}/list?phone_number=${phone}`, a.headers)).json().total).toBe(1);
  });

  it('takes explicit permissions and a limited quota', async () => {
    const a = await adminOfNewStore();
    const phone = nextPhone();
    const res = await send(
      'POST',
      `${BASE}/new`,
      a.headers,
      newClerkBody(phone, await codeFor(a.headers, phone), { permission: ['Db1', 'Db1', 'Ea1'], quota_limit: true, total_quota: 3 }),
    );
    expect(res.json()).toMatchObject({ permission: ['Db1', 'Ea1'], quota_limit: true, total_quota: 3, used_quota: 0 });
    expect((await clerkRow(res.json().id)).permission).toBe('Db1,Ea1');
  });

  it('needs the code sent to that phone for adding a clerk', async () => {
    const a = await adminOfNewStore();
    const phone = nextPhone();
    const missing = await send('POST', `${BASE}/new`, a.headers, { ...newClerkBody(phone, ''), sms_code: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');

    const code = await codeFor(a.headers, phone);
    const wrong = await send('POST', `${BASE}/new`, a.headers, newClerkBody(phone, code === '000000' ? '000001' : '000000'));
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'SMS_CODE_INVALID', message: '验证码错误或已过期' });

    const other = nextPhone();
    const otherCode = await codeFor(a.headers, other);
    expect((await send('POST', `${BASE}/new`, a.headers, newClerkBody(phone, otherCode))).json().code).toBe('SMS_CODE_INVALID');

    // A code sent to the same phone for another purpose (registering a store) does not count either.
    const registering = nextPhone();
    await sendPublicCode(t.app, { phone_number: registering, purpose: 'register' });
    const registerCode = (await t.lastSmsCode(registering))!;
    expect((await send('POST', `${BASE}/new`, a.headers, newClerkBody(registering, registerCode))).json().code).toBe('SMS_CODE_INVALID');

    expect((await send('POST', `${BASE}/new`, a.headers, newClerkBody(phone, code))).statusCode).toBe(200);
    expect(await t.db.select().from(clerk).where(eq(clerk.phoneNumber, registering))).toEqual([]);
  });

  it('refuses a phone that already has an account in any store, keeping the code', async () => {
    const a = await adminOfNewStore();
    const phone = nextPhone();
    const code = await codeFor(a.headers, phone);
    await t.newClerk({ storeId: (await t.newStore()).id, phone });
    const res = await send('POST', `${BASE}/new`, a.headers, newClerkBody(phone, code));
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: '该手机号已是店员账号' });
    expect((await t.db.select().from(clerk).where(eq(clerk.phoneNumber, phone))).length).toBe(1);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'name', '请输入店员姓名'],
    ['a 21-character name', { name: '店'.repeat(21) }, 'name', '姓名最多 20 个字符'],
    ['a malformed phone', { phone_number: '2380000000' }, 'phone_number', '请输入正确的手机号'],
    ['a 5-digit code', { sms_code: '12345' }, 'sms_code', '验证码为 6 位数字'],
    ['a short password', { password: 'a1!' }, 'password', '密码为 6-16 位字母、数字或常用符号'],
    ['a common password', { password: '12345678' }, 'password', '密码过于简单，请换一个'],
    ['a limited quota of 0', { quota_limit: true, total_quota: 0 }, 'total_quota', '限制额度时，额度须大于 0'],
    ['a limited quota left out', { quota_limit: true }, 'total_quota', '限制额度时，额度须大于 0'],
    ['a quota above the maximum', { quota_limit: true, total_quota: QUOTA_MAX + 1 }, 'total_quota', `额度不能大于 ${QUOTA_MAX}`],
    ['the Admin permission', { permission: ['Aa2', 'Admin'] }, 'permission', '权限代码有误'],
    ['an unknown permission', { permission: ['Zz9'] }, 'permission', '权限代码有误'],
  ])('refuses %s (400, Chinese message, nothing created)', async (_label, patch, field, message) => {
    const a = await adminOfNewStore();
    const phone = nextPhone();
    const res = await send('POST', `${BASE}/new`, a.headers, { ...newClerkBody(phone, '123456'), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect(res.json().errors.map((e: { field: string }) => e.field.split('.')[0])).toContain(field);
    expect(await t.db.select().from(clerk).where(eq(clerk.phoneNumber, phone))).toEqual([]);
  });
});

describe('PUT /api/store/clerk/update', () => {
  it('changes name, permissions and quota; leaves out what is not sent', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id, permission: 'Aa2' });
    expect((await put('update', a.headers, { id: c.id, name: ' 王五 ', permission: ['Db1', 'Dc1'], quota_limit: true, total_quota: 10 })).json()).toEqual({
      ok: true,
    });
    expect(await clerkRow(c.id)).toMatchObject({ name: '王五', permission: 'Db1,Dc1', quotaLimit: true, totalQuota: 10 });
    await put('update', a.headers, { id: c.id, quota_limit: false });
    expect(await clerkRow(c.id)).toMatchObject({ name: '王五', permission: 'Db1,Dc1', quotaLimit: false, totalQuota: 10 });
    await put('update', a.headers, { id: c.id, permission: [] });
    expect((await clerkRow(c.id)).permission).toBe('');
  });

  it('takes effect on the clerk’s next request', async () => {
    const a = await adminOfNewStore();
    const c = await t.signedIn({ storeId: a.store.id, permission: 'Db1' });
    await put('update', a.headers, { id: c.clerk.id, permission: ['Dc1'] });
    expect((await get('/api/user/me', c.headers)).json().permission).toEqual(['Dc1']);
  });

  it('keeps a limited quota at or above what the clerk already uses', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    await t.db.update(clerk).set({ usedQuota: 4 }).where(eq(clerk.id, c.id));
    const below = await put('update', a.headers, { id: c.id, quota_limit: true, total_quota: 3 });
    expect(below.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: '额度不能低于该店员已使用的 4 台',
      errors: [{ field: 'total_quota' }],
    });
    expect(await clerkRow(c.id)).toMatchObject({ quotaLimit: false, totalQuota: 0 });
    // Turning the limit on without a total checks the stored total.
    expect((await put('update', a.headers, { id: c.id, quota_limit: true })).statusCode).toBe(400);
    expect((await put('update', a.headers, { id: c.id, quota_limit: true, total_quota: 4 })).statusCode).toBe(200);
    expect((await put('update', a.headers, { id: c.id, total_quota: 2 })).statusCode).toBe(400);
    expect((await clerkRow(c.id)).totalQuota).toBe(4);
    // Without the limit the total is not enforced, so any value in range is kept.
    expect((await put('update', a.headers, { id: c.id, quota_limit: false, total_quota: 0 })).statusCode).toBe(200);
  });

  it.each([
    ['a negative quota', { total_quota: -1 }, '额度不能小于 0'],
    ['a quota above the maximum', { total_quota: QUOTA_MAX + 1 }, `额度不能大于 ${QUOTA_MAX}`],
    ['a fractional quota', { total_quota: 1.5 }, '额度应为整数'],
    ['the Admin permission', { permission: ['Admin'] }, '权限代码有误'],
    ['an empty name', { name: '' }, '请输入店员姓名'],
    ['a malformed id', { id: 'abc' }, '无效的 ID'],
  ])('refuses %s', async (_label, patch, message) => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    const res = await put('update', a.headers, { id: c.id, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('cannot demote or promote anyone: is_admin is not an editable field and Admin is not a grantable code', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    expect((await put('update', a.headers, { id: a.clerk.id, is_admin: false, name: '店长' })).statusCode).toBe(200);
    expect((await put('update', a.headers, { id: c.id, is_admin: true })).statusCode).toBe(200);
    expect(await clerkRow(a.clerk.id)).toMatchObject({ isAdmin: true, name: '店长' });
    expect((await clerkRow(c.id)).isAdmin).toBe(false);
    expect((await get('/api/user/me', a.headers)).json().permission).toContain('Admin');
  });

  it('accepts the largest quota', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    expect((await put('update', a.headers, { id: c.id, quota_limit: true, total_quota: QUOTA_MAX })).statusCode).toBe(200);
    expect((await clerkRow(c.id)).totalQuota).toBe(QUOTA_MAX);
  });
});

describe('another store’s clerk does not exist here', () => {
  it('answers 404 to every change and changes nothing', async () => {
    const a = await adminOfNewStore();
    const victim = await t.signedIn({ storeId: (await t.newStore()).id, permission: 'Aa2' });
    const before = await clerkRow(victim.clerk.id);
    for (const [path, body] of [
      ['update', { id: victim.clerk.id, name: '入侵', permission: ['Db1'], quota_limit: true, total_quota: 1 }],
      ['reset-password', { id: victim.clerk.id, password: 'Taken#2026' }],
      ['disable', { id: victim.clerk.id, disabled: true }],
    ] as const) {
      const res = await put(path, a.headers, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('店员不存在');
    }
    expect(await clerkRow(victim.clerk.id)).toEqual(before);
    expect((await get('/api/user/me', victim.headers)).statusCode).toBe(200);
  });
});

describe('PUT /api/store/clerk/reset-password', () => {
  it('sets the password and ends the clerk’s sessions at once', async () => {
    const a = await adminOfNewStore();
    const c = await t.signedIn({ storeId: a.store.id });
    expect((await put('reset-password', a.headers, { id: c.clerk.id, password: 'Fresh#2026' })).json()).toEqual({ ok: true });
    expect((await get('/api/user/me', c.headers)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: c.tokens.refresh_token } });
    expect(refresh.statusCode).toBe(401);
    await expect(t.login(c.clerk.phoneNumber, TEST_PASSWORD)).rejects.toThrow(/400/);
    expect((await t.login(c.clerk.phoneNumber, 'Fresh#2026')).access_token).toBeTruthy();
    expect((await get('/api/user/me', a.headers)).statusCode).toBe(200);
  });

  it('refuses weak passwords and the admin’s own account', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    expect((await put('reset-password', a.headers, { id: c.id, password: '123456' })).json().message).toContain('密码过于简单');
    const self = await put('reset-password', a.headers, { id: a.clerk.id, password: 'Fresh#2026' });
    expect(self.json()).toMatchObject({ statusCode: 409, message: '不能在此重置自己的密码，请在“修改密码”页修改' });
    await t.login(a.clerk.phoneNumber, TEST_PASSWORD);
  });
});

describe('PUT /api/store/clerk/disable', () => {
  it('stops a clerk: the token is refused right away, refresh and login too; enabling lets them back in', async () => {
    const a = await adminOfNewStore();
    const c = await t.signedIn({ storeId: a.store.id });
    expect((await get('/api/user/me', c.headers)).statusCode).toBe(200);
    expect((await put('disable', a.headers, { id: c.clerk.id, disabled: true })).json()).toEqual({ ok: true });
    expect((await get('/api/user/me', c.headers)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: c.tokens.refresh_token } });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: c.clerk.phoneNumber, password: TEST_PASSWORD },
      remoteAddress: '10.9.0.7',
    });
    expect(login.json().message).toBe('账号已停用，请联系门店管理员');
    expect((await get(`${BASE}/list?disabled=true`, a.headers)).json().list.map((x: { id: string }) => x.id)).toEqual([c.clerk.id]);

    expect((await put('disable', a.headers, { id: c.clerk.id, disabled: false })).json()).toEqual({ ok: true });
    // The old session stays ended; a new login works.
    expect((await get('/api/user/me', c.headers)).statusCode).toBe(401);
    expect((await t.login(c.clerk.phoneNumber)).access_token).toBeTruthy();
  });

  it('does not let an admin stop themself', async () => {
    const a = await adminOfNewStore();
    const res = await put('disable', a.headers, { id: a.clerk.id, disabled: true });
    expect(res.json()).toMatchObject({ statusCode: 409, message: '不能停用自己的账号' });
    expect((await clerkRow(a.clerk.id)).disabled).toBe(false);
  });

  it('lets an admin stop another admin while one enabled admin remains, never the last', async () => {
    const a = await adminOfNewStore();
    const other = await t.newClerk({ storeId: a.store.id, isAdmin: true });
    expect((await put('disable', a.headers, { id: other.id, disabled: true })).statusCode).toBe(200);
    // Racing admins are caught by the repository's locked check; call it as the losing side would.
    const repo = createClerkRepo(t.db);
    expect(await repo.setDisabled(a.store.id, a.clerk.id, true)).toBe(false);
    expect((await clerkRow(a.clerk.id)).disabled).toBe(false);
    expect(await repo.setDisabled(a.store.id, other.id, false)).toBe(true);
    expect(await repo.setDisabled(a.store.id, a.clerk.id, true)).toBe(true);
  });

  it('needs a boolean', async () => {
    const a = await adminOfNewStore();
    const c = await t.newClerk({ storeId: a.store.id });
    expect((await put('disable', a.headers, { id: c.id, disabled: 'yes' })).json().message).toContain('停用状态应为是或否');
  });
});

describe('clerk quotas at enrolment', () => {
  it('stops a clerk at quota from registering another device, not an unlimited one; raising the quota lets them', async () => {
    const a = await adminOfNewStore();
    const limited = await t.signedIn({ storeId: a.store.id, permission: 'Aa2' });
    const free = await t.signedIn({ storeId: a.store.id, permission: 'Aa2' });
    await put('update', a.headers, { id: limited.clerk.id, quota_limit: true, total_quota: 1 });
    const register = (headers: Headers, serial: string) => send('POST', '/api/device/ios/new', headers, { serial_numbers: [serial] });
    expect((await register(limited.headers, 'QUOTACLK0001')).statusCode).toBe(200);
    const refused = await register(limited.headers, 'QUOTACLK0002');
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'QUOTA_EXCEEDED', message: '店员设备额度不足，请联系管理员调整额度' });
    for (const serial of ['QUOTACLK0003', 'QUOTACLK0004', 'QUOTACLK0005']) expect((await register(free.headers, serial)).statusCode).toBe(200);
    expect(await clerkRow(free.clerk.id)).toMatchObject({ quotaLimit: false, usedQuota: 3 });
    // The limit cannot go below the one device in use; raising it lets the clerk register again.
    expect((await put('update', a.headers, { id: limited.clerk.id, total_quota: 0 })).statusCode).toBe(400);
    await put('update', a.headers, { id: limited.clerk.id, total_quota: 2 });
    expect((await register(limited.headers, 'QUOTACLK0002')).statusCode).toBe(200);
    expect(await clerkRow(limited.clerk.id)).toMatchObject({ usedQuota: 2, totalQuota: 2 });
  });

  it('charges only the enrolling clerk, never other clerks', async () => {
    const a = await adminOfNewStore();
    const bystander = await t.newClerk({ storeId: (await t.newStore()).id });
    await t.db.update(clerk).set({ quotaLimit: true, totalQuota: 50, usedQuota: 1 }).where(eq(clerk.id, bystander.id));
    const unlimitedBystander = await t.newClerk({ storeId: a.store.id });
    await t.db.update(clerk).set({ totalQuota: 50 }).where(eq(clerk.id, unlimitedBystander.id));
    await send('POST', '/api/device/ios/new', a.headers, { serial_numbers: ['QUOTAONE0001'] });
    expect((await clerkRow(bystander.id)).usedQuota).toBe(1);
    expect((await clerkRow(unlimitedBystander.id)).usedQuota).toBe(0);
    expect((await clerkRow(a.clerk.id)).usedQuota).toBe(1);
  });
});

describe('device hand-overs and GET /api/store/clerk/distribution-log', () => {
  it('records iOS change-for-clerk: one row per device that changed hands, quota carried along', async () => {
    const a = await adminOfNewStore();
    const from = await t.newClerk({ storeId: a.store.id });
    const to = await t.newClerk({ storeId: a.store.id });
    await t.db.update(clerk).set({ name: '甲' }).where(eq(clerk.id, from.id));
    await t.db.update(clerk).set({ name: '乙', usedQuota: 1 }).where(eq(clerk.id, to.id));
    await t.db.update(clerk).set({ usedQuota: 2 }).where(eq(clerk.id, from.id));
    const d1 = await t.newIosDevice({ storeId: a.store.id, clerkId: from.id, serialNumber: 'HANDOVER0001' });
    const d2 = await t.newIosDevice({ storeId: a.store.id, clerkId: from.id, serialNumber: 'HANDOVER0002' });
    const already = await t.newIosDevice({ storeId: a.store.id, clerkId: to.id, serialNumber: 'HANDOVER0003' });

    const res = await send('POST', '/api/device/ios/change-for-clerk', a.headers, { device_ids: [d1.id, d2.id, already.id], for_clerk: to.id });
    expect(res.json()).toEqual({ count: 3 });
    expect(await clerkRow(from.id)).toMatchObject({ usedQuota: 0 });
    expect(await clerkRow(to.id)).toMatchObject({ usedQuota: 3 });

    const log = (await get(`${BASE}/distribution-log`, a.headers)).json();
    expect(log.total).toBe(2);
    expect(log.list.map((r: { serial_number: string }) => r.serial_number).sort()).toEqual(['HANDOVER0001', 'HANDOVER0002']);
    expect(log.list[0]).toMatchObject({
      platform: 'ios',
      from_clerk: { id: from.id, name: '甲' },
      to_clerk: { id: to.id, name: '乙' },
      by_clerk: { id: a.clerk.id, name: '测试店员' },
    });
    expect(log.list[0].date_created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a hand-over to a clerk without quota room, moving nothing and logging nothing', async () => {
    const a = await adminOfNewStore();
    const to = await t.newClerk({ storeId: a.store.id });
    await put('update', a.headers, { id: to.id, quota_limit: true, total_quota: 1 });
    const d1 = await t.newIosDevice({ storeId: a.store.id, clerkId: a.clerk.id });
    const d2 = await t.newIosDevice({ storeId: a.store.id, clerkId: a.clerk.id });
    const res = await send('POST', '/api/device/ios/change-for-clerk', a.headers, { device_ids: [d1.id, d2.id], for_clerk: to.id });
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'QUOTA_EXCEEDED', message: '接收店员的设备额度不足，请先调整其额度' });
    const rows = await t.db.select({ c: iosDevice.clerkId }).from(iosDevice).where(sql`${iosDevice.id} in (${d1.id}, ${d2.id})`);
    expect(rows.every((r) => r.c === a.clerk.id)).toBe(true);
    expect((await clerkRow(to.id)).usedQuota).toBe(0);
    expect(await t.db.select().from(deviceDistributionLog).where(eq(deviceDistributionLog.storeId, a.store.id))).toEqual([]);
  });

  it('records registering devices for another clerk, with no giver', async () => {
    const a = await adminOfNewStore();
    const to = await t.newClerk({ storeId: a.store.id });
    await send('POST', '/api/device/ios/new', a.headers, { serial_numbers: ['FORCLERK0001'], for_clerk: to.id });
    await send('POST', '/api/device/ios/new', a.headers, { serial_numbers: ['FORSELF00001'] });
    const { list } = (await get(`${BASE}/distribution-log`, a.headers)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ serial_number: 'FORCLERK0001', from_clerk: null, to_clerk: { id: to.id }, by_clerk: { id: a.clerk.id } });
  });

  it('filters by clerk, platform and day, pages, and never shows another store’s hand-overs', async () => {
    const a = await adminOfNewStore();
    const x = await t.newClerk({ storeId: a.store.id });
    const y = await t.newClerk({ storeId: a.store.id });
    const dx = await t.newIosDevice({ storeId: a.store.id, clerkId: a.clerk.id });
    const dy = await t.newIosDevice({ storeId: a.store.id, clerkId: a.clerk.id });
    await send('POST', '/api/device/ios/change-for-clerk', a.headers, { device_ids: [dx.id], for_clerk: x.id });
    await send('POST', '/api/device/ios/change-for-clerk', a.headers, { device_ids: [dy.id], for_clerk: y.id });
    await t.db
      .update(deviceDistributionLog)
      .set({ dateCreated: new Date('2026-01-10T12:00:00+08:00') })
      .where(eq(deviceDistributionLog.deviceId, dy.id));

    const other = await adminOfNewStore();
    const od = await t.newIosDevice({ storeId: other.store.id, clerkId: other.clerk.id });
    const oc = await t.newClerk({ storeId: other.store.id });
    await send('POST', '/api/device/ios/change-for-clerk', other.headers, { device_ids: [od.id], for_clerk: oc.id });

    const devices = async (query: string) =>
      (await get(`${BASE}/distribution-log?${query}`, a.headers)).json().list.map((r: { device_id: string }) => r.device_id);
    expect(await devices('')).toEqual([dx.id, dy.id]);
    expect(await devices(`for_clerk=${x.id}`)).toEqual([dx.id]);
    expect(await devices(`for_clerk=${a.clerk.id}`)).toEqual([dx.id, dy.id]);
    expect(await devices(`for_clerk=${oc.id}`)).toEqual([]);
    expect(await devices('start_date=20260110&end_date=20260110')).toEqual([dy.id]);
    expect(await devices('end_date=20260109')).toEqual([]);
    expect(await devices('platform=android')).toEqual([]);
    expect((await get(`${BASE}/distribution-log?page_num=1&page_size=1`, a.headers)).json()).toMatchObject({ total: 2, list: [{ device_id: dy.id }] });

    const bad = await get(`${BASE}/distribution-log?start_date=20260111&end_date=20260110`, a.headers);
    expect(bad.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('开始日期不能晚于结束日期') });
    expect((await get(`${BASE}/distribution-log?start_date=2026-01-10`, a.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/helper/clerk-list', () => {
  it('lists the caller’s store’s clerks by name for any clerk, never another store’s nor a system user', async () => {
    const { store: s } = await adminOfNewStore();
    const plain = await t.signedIn({ storeId: s.id, isAdmin: false, permission: '' });
    await t.db.update(clerk).set({ name: '乙店员' }).where(eq(clerk.id, plain.clerk.id));
    const stopped = await t.newClerk({ storeId: s.id, disabled: true });
    await t.db.update(clerk).set({ name: '甲店员' }).where(eq(clerk.id, stopped.id));
    const system = await t.newClerk({ storeId: s.id });
    await t.db.update(clerk).set({ systemUser: true }).where(eq(clerk.id, system.id));
    const other = await t.newStore();
    const theirs = await t.newClerk({ storeId: other.id });

    const res = await get('/api/helper/clerk-list', plain.headers);
    expect(res.statusCode).toBe(200);
    const list: { id: string; name: string; disabled: boolean }[] = res.json();
    const ids = list.map((c) => c.id);
    expect(ids).toContain(plain.clerk.id);
    expect(list.find((c) => c.id === stopped.id)).toEqual({ id: stopped.id, name: '甲店员', disabled: true });
    expect(ids).not.toContain(system.id);
    expect(ids).not.toContain(theirs.id);
    expect(list).toHaveLength(3);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/helper/clerk-list' })).statusCode).toBe(401);
  });
});
