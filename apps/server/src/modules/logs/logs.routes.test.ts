import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginStatus, Module, OperationStatus, Perm } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { loginLog } from './login-log.table.ts';
import { createOperationLogQuery } from './operation-log.query.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const at = (iso: string) => new Date(iso);

/** expectGuarded checks that a store log opens to its permission and the admin only: 403 with another, 401 without a token. */
async function expectGuarded(url: string, { needs, other }: { needs: string; other: string }) {
  const s = await t.newStore();
  const denied = await get(url, (await t.signedIn({ storeId: s.id, permission: other })).headers);
  expect(denied.statusCode).toBe(403);
  expect(denied.json().code).toBe('PERMISSION_DENIED');
  const holder = await t.signedIn({ storeId: s.id, permission: needs });
  expect((await get(url, holder.headers)).statusCode).toBe(200);
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  expect((await get(url, admin.headers)).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
}

describe('GET /api/store/login-log', () => {
  it('needs Dc1 (or admin)', () =>
    expectGuarded('/api/store/login-log', { needs: Perm.LOGIN_LOG, other: `${Perm.OPERATION_LOG},${Perm.APPLE_LIST_VIEW_ALL}` }));

  it("lists the store's attempts newest first, with clerk name and Chinese status, never another store's", async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const clerk = await t.newClerk({ storeId: s.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: clerk.phoneNumber, password: 'Wrong-pass1' },
      remoteAddress: '10.9.0.7',
      headers: { 'user-agent': 'TestAgent/1.0' },
    });
    const foreign = await t.newStore();
    const stranger = await t.signedIn({ storeId: foreign.id, isAdmin: true });

    const body = (await get('/api/store/login-log', admin.headers)).json();
    expect(body.total).toBe(2);
    const [failed, success] = body.list;
    expect(failed).toMatchObject({
      clerk_id: clerk.id,
      clerk_name: '测试店员',
      account: clerk.phoneNumber,
      ip: '10.9.0.7',
      status: LoginStatus.WRONG_PASSWORD,
      status_label: '密码错误',
      user_agent: 'TestAgent/1.0',
    });
    expect(success).toMatchObject({ clerk_id: admin.clerk.id, status: LoginStatus.SUCCESS, status_label: '登录成功' });
    expect(Date.parse(failed.date_created)).toBeGreaterThanOrEqual(Date.parse(success.date_created));
    expect(body.list.some((r: { clerk_id: string }) => r.clerk_id === stranger.clerk.id)).toBe(false);
  });

  it('filters by clerk, status and China-time days, and pages from 0', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const a = await t.newClerk({ storeId: s.id });
    const b = await t.newClerk({ storeId: s.id });
    const row = (clerkId: string, status: number, iso: string) => ({ storeId: s.id, clerkId, account: 'x', ip: '10.0.0.1', status, dateCreated: at(iso) });
    await t.db
      .insert(loginLog)
      .values([
        row(a.id, LoginStatus.SUCCESS, '2026-03-01T00:30:00+08:00'),
        row(a.id, LoginStatus.WRONG_PASSWORD, '2026-03-02T23:59:00+08:00'),
        row(a.id, LoginStatus.SUCCESS, '2026-03-03T00:00:00+08:00'),
        row(b.id, LoginStatus.SUCCESS, '2026-03-02T12:00:00+08:00'),
      ]);
    const list = async (qs: string) => (await get(`/api/store/login-log?${qs}`, admin.headers)).json();

    expect((await list(`for_clerk=${a.id}`)).total).toBe(3);
    expect((await list(`for_clerk=${a.id}&status=${LoginStatus.SUCCESS}`)).total).toBe(2);
    // 20260301-20260302 in China time: the 00:30 on the 1st and 23:59 on the 2nd, not 00:00 on the 3rd.
    const range = await list(`for_clerk=${a.id}&start_date=20260301&end_date=20260302`);
    expect(range.list.map((r: { date_created: string }) => r.date_created)).toEqual(['2026-03-02T15:59:00.000Z', '2026-02-28T16:30:00.000Z']);
    expect((await list(`start_date=20260302&end_date=20260302`)).total).toBe(2);

    const page0 = await list(`for_clerk=${a.id}&page_num=0&page_size=2`);
    const page1 = await list(`for_clerk=${a.id}&page_num=1&page_size=2`);
    expect(page0).toMatchObject({ total: 3 });
    expect(page0.list).toHaveLength(2);
    expect(page1.list).toHaveLength(1);
    expect(page1.list[0].date_created).toBe('2026-02-28T16:30:00.000Z');
  });

  it.each([
    ['page_size=51', '每页条数应在 1-50 之间'],
    ['page_num=-1', '页码应为非负整数'],
    ['status=9', '状态有误'],
    ['start_date=2026-03-01', '日期格式应为 8 位数字，如 20260101'],
    ['start_date=20260305&end_date=20260301', '开始日期不能晚于结束日期'],
    ['for_clerk=abc', '无效的 ID'],
  ])('refuses %s with 400 and a Chinese message', async (qs, message) => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const res = await get(`/api/store/login-log?${qs}`, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.body).toContain(message);
  });
});

describe('GET /api/device/ios/operation-log without device_id (the store page)', () => {
  async function storeWithOperations() {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const clerk = await t.signedIn({ storeId: s.id, permission: '' });
    const phone = await t.newIosDevice({ storeId: s.id, clerkId: clerk.clerk.id, serialNumber: `OPLOG${String(Date.now()).slice(-7)}` });
    const [android] = await t.db.insert(androidDevice).values({ storeId: s.id, serialNumber: 'ANDR0001' }).returning();
    const op = (values: Partial<typeof operationLog.$inferInsert>) => ({
      storeId: s.id,
      platform: 'ios',
      deviceId: phone.id,
      action: 'lock',
      status: OperationStatus.DONE,
      ...values,
    });
    await t.db
      .insert(operationLog)
      .values([
        op({ clerkId: admin.clerk.id, action: 'lock', status: OperationStatus.DONE, result: '已锁定', dateCreated: at('2026-04-01T10:00:00+08:00') }),
        op({ clerkId: clerk.clerk.id, action: 'unlock', status: OperationStatus.FAILED, dateCreated: at('2026-04-02T10:00:00+08:00') }),
        op({ clerkId: clerk.clerk.id, action: 'reboot', status: OperationStatus.QUEUED, dateCreated: at('2026-04-03T10:00:00+08:00') }),
        op({ clerkId: admin.clerk.id, platform: 'android', deviceId: android.id, action: 'lock' }),
      ]);
    const foreign = await t.newStore();
    const foreignPhone = await t.newIosDevice({ storeId: foreign.id });
    await t.db.insert(operationLog).values({ storeId: foreign.id, platform: 'ios', deviceId: foreignPhone.id, action: 'erase', status: OperationStatus.DONE });
    return { s, admin, clerk, phone, android };
  }

  it('needs Db1 and the Apple module; a device tab (device_id) stays open to whoever sees the device', async () => {
    const { s, clerk, phone } = await storeWithOperations();
    const denied = await get('/api/device/ios/operation-log', clerk.headers);
    expect(denied.statusCode).toBe(403);
    expect((await get(`/api/device/ios/operation-log?device_id=${phone.id}`, clerk.headers)).json().total).toBe(3);
    const holder = await t.signedIn({ storeId: s.id, permission: Perm.OPERATION_LOG });
    expect((await get('/api/device/ios/operation-log', holder.headers)).statusCode).toBe(200);

    const noApple = await t.newStore({ modules: [Module.ANDROID] });
    const admin = await t.signedIn({ storeId: noApple.id, isAdmin: true });
    expect((await get('/api/device/ios/operation-log', admin.headers)).statusCode).toBe(403);
  });

  it("lists every clerk's Apple operations of the store only, with serial, operator and label", async () => {
    const { admin, phone, clerk } = await storeWithOperations();
    const body = (await get('/api/device/ios/operation-log', admin.headers)).json();
    expect(body.total).toBe(3);
    expect(body.list.map((r: { action: string }) => r.action)).toEqual(['reboot', 'unlock', 'lock']);
    expect(body.list[2]).toMatchObject({
      action_label: '锁定设备',
      status: OperationStatus.DONE,
      result: '已锁定',
      device_id: phone.id,
      device_serial: phone.serialNumber,
      clerk_name: '测试店员',
      platform: 'ios',
    });
    expect(body.list[0].clerk_name).toBe(clerk.clerk.name);
  });

  it('filters by clerk, action, status and day range, and pages', async () => {
    const { admin, clerk } = await storeWithOperations();
    const list = async (qs: string) => (await get(`/api/device/ios/operation-log?${qs}`, admin.headers)).json();
    expect((await list(`for_clerk=${clerk.clerk.id}`)).total).toBe(2);
    expect((await list(`action=unlock`)).list.map((r: { action: string }) => r.action)).toEqual(['unlock']);
    expect((await list(`status=${OperationStatus.QUEUED}`)).list.map((r: { action: string }) => r.action)).toEqual(['reboot']);
    expect((await list(`start_date=20260402&end_date=20260403`)).total).toBe(2);
    expect((await list(`end_date=20260401`)).total).toBe(1);
    const page = await list('page_num=1&page_size=2');
    expect(page.total).toBe(3);
    expect(page.list.map((r: { action: string }) => r.action)).toEqual(['lock']);
  });

  it('refuses a bad action, status or range with 400', async () => {
    const { admin } = await storeWithOperations();
    for (const qs of ['action=DROP%20TABLE', 'status=7', 'start_date=20260405&end_date=20260401', 'page_size=0']) {
      const res = await get(`/api/device/ios/operation-log?${qs}`, admin.headers);
      expect(res.statusCode, qs).toBe(400);
    }
  });

  it("another store's device id gives 404 on the device tab", async () => {
    const { admin } = await storeWithOperations();
    const other = await t.newStore();
    const theirs = await t.newIosDevice({ storeId: other.id });
    expect((await get(`/api/device/ios/operation-log?device_id=${theirs.id}`, admin.headers)).statusCode).toBe(404);
  });
});

/** A view as report.service `preview` logs it. */
const view = (storeId: string, clerkId: string, name: string, iso: string) => ({
  storeId,
  clerkId,
  platform: 'store',
  action: 'report-view',
  status: OperationStatus.DONE,
  detail: { report_id: `r-${name}`, name, level: 'basic' },
  dateCreated: at(iso),
});

describe('GET /api/store/report-view-log', () => {
  it('is for the store admin only: a clerk with Db1 or every other permission gets 403', async () => {
    const s = await t.newStore();
    const url = '/api/store/report-view-log';
    for (const permission of [Perm.OPERATION_LOG, `${Perm.OPERATION_LOG},${Perm.LOGIN_LOG},${Perm.APPLE_LIST_VIEW_ALL}`, '']) {
      const res = await get(url, (await t.signedIn({ storeId: s.id, permission })).headers);
      expect(res.statusCode, permission).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '仅管理员可执行此操作' });
    }
    expect((await get(url, (await t.signedIn({ storeId: s.id, isAdmin: true })).headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("filters by report (the report page's 查看记录); another store's report id gives nothing", async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const clerk = await t.newClerk({ storeId: s.id });
    const foreign = await t.newStore();
    const stranger = await t.signedIn({ storeId: foreign.id, isAdmin: true });
    const mine = '0b8a3f5e-1c2d-4e3f-9a4b-000000000001';
    const theirs = '0b8a3f5e-1c2d-4e3f-9a4b-000000000002';
    const seen = (storeId: string, clerkId: string, reportId: string, iso: string) => ({
      ...view(storeId, clerkId, '张三', iso),
      detail: { report_id: reportId, name: '张三', level: 'basic' },
    });
    await t.db
      .insert(operationLog)
      .values([
        seen(s.id, clerk.id, mine, '2026-05-01T02:00:00Z'),
        seen(s.id, admin.clerk.id, mine, '2026-05-02T02:00:00Z'),
        seen(s.id, clerk.id, theirs.replace(/2$/, '3'), '2026-05-02T03:00:00Z'),
        seen(foreign.id, stranger.clerk.id, theirs, '2026-05-02T04:00:00Z'),
      ]);
    const list = async (qs: string, headers = admin.headers) => (await get(`/api/store/report-view-log?${qs}`, headers)).json();

    const views = await list(`report_id=${mine}`);
    expect(views.list.map((r: { clerk_id: string; report_id: string }) => [r.clerk_id, r.report_id])).toEqual([
      [admin.clerk.id, mine],
      [clerk.id, mine],
    ]);
    expect((await list(`report_id=${mine}&for_clerk=${clerk.id}`)).total).toBe(1);
    expect((await list(`report_id=${mine}&start_date=20260502&end_date=20260502`)).total).toBe(1);
    // The other store's report: its views stay with that store, even asked by id.
    expect(await list(`report_id=${theirs}`)).toEqual({ list: [], total: 0 });
    expect((await list(`report_id=${theirs}`, stranger.headers)).total).toBe(1);
    expect((await list(`report_id=${mine}`, stranger.headers)).total).toBe(0);
  });

  it.each([
    ['report_id=r-1', '无效的 ID'],
    ['for_clerk=abc', '无效的 ID'],
    ['start_date=2026-03-01', '日期格式应为 8 位数字，如 20260101'],
    ['start_date=20260305&end_date=20260301', '开始日期不能晚于结束日期'],
  ])('refuses %s with 400 and a Chinese message', async (qs, message) => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const res = await get(`/api/store/report-view-log?${qs}`, headers);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it("lists who viewed which report when, newest first, filtered by clerk and China-time day, never another store's", async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const clerk = await t.newClerk({ storeId: s.id });
    const foreign = await t.newStore();
    const stranger = await t.newClerk({ storeId: foreign.id });
    await t.db.insert(operationLog).values([
      view(s.id, clerk.id, '张三', '2026-03-01T02:00:00Z'),
      view(s.id, admin.clerk.id, '李四', '2026-03-02T03:00:00Z'),
      // 23:30 on 3 March in China: still 3 March.
      view(s.id, clerk.id, '王五', '2026-03-03T15:30:00Z'),
      view(foreign.id, stranger.id, '外店', '2026-03-02T03:00:00Z'),
      { storeId: s.id, clerkId: clerk.id, platform: 'store', action: 'report-add', status: OperationStatus.DONE, detail: { name: '新增' } },
    ]);

    const all = (await get('/api/store/report-view-log', admin.headers)).json();
    expect(all.total).toBe(3);
    expect(all.list.map((r: { report_name: string }) => r.report_name)).toEqual(['王五', '李四', '张三']);
    expect(all.list[0]).toMatchObject({
      clerk_id: clerk.id,
      clerk_name: '测试店员',
      report_id: 'r-王五',
      level: 'basic',
      date_created: '2026-03-03T15:30:00.000Z',
    });

    const byClerk = (await get(`/api/store/report-view-log?for_clerk=${clerk.id}`, admin.headers)).json();
    expect(byClerk.list.map((r: { report_name: string }) => r.report_name)).toEqual(['王五', '张三']);
    const byDay = (await get('/api/store/report-view-log?start_date=20260302&end_date=20260303', admin.headers)).json();
    expect(byDay.list.map((r: { report_name: string }) => r.report_name)).toEqual(['王五', '李四']);
    const paged = (await get('/api/store/report-view-log?page_size=1&page_num=1', admin.headers)).json();
    expect([paged.total, paged.list[0].report_name]).toEqual([3, '李四']);
    expect((await get('/api/store/report-view-log?start_date=20260305&end_date=20260301', admin.headers)).statusCode).toBe(400);
  });
});

describe('store operation-log page: hirer, model and device search', () => {
  it('shows the hirer and model beside the serial and finds rows by serial, hirer name or phone', async () => {
    const s = await t.newStore();
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    const a = await t.newIosDevice({ storeId: s.id, serialNumber: 'SRCHA0000001', hirerName: '赵六', hirerPhoneNumber: '13900001111', model: 'iPhone15,2' });
    const b = await t.newIosDevice({ storeId: s.id, serialNumber: 'SRCHB0000002', hirerName: '钱七', hirerPhoneNumber: '13900002222' });
    const foreign = await t.newStore();
    const theirs = await t.newIosDevice({ storeId: foreign.id, serialNumber: 'SRCHA0000009', hirerName: '赵六' });
    await t.db.insert(operationLog).values([
      { storeId: s.id, platform: 'ios', deviceId: a.id, action: 'lock', status: OperationStatus.DONE },
      { storeId: s.id, platform: 'ios', deviceId: b.id, action: 'unlock', status: OperationStatus.DONE },
      { storeId: foreign.id, platform: 'ios', deviceId: theirs.id, action: 'lock', status: OperationStatus.DONE },
    ]);
    const page = async (keyword: string) =>
      (await get(`/api/device/ios/operation-log?device_keyword=${encodeURIComponent(keyword)}`, admin.headers)).json() as {
        list: { device_serial: string; device_hirer: string; device_model: string }[];
      };
    const byHirer = await page('赵六');
    expect(byHirer.list).toHaveLength(1);
    expect(byHirer.list[0]).toMatchObject({ device_serial: 'SRCHA0000001', device_hirer: '赵六' });
    expect(byHirer.list[0].device_model).toMatch(/^iPhone 14/);
    expect((await page('srchb')).list.map((r) => r.device_serial)).toEqual(['SRCHB0000002']);
    expect((await page('0000222')).list.map((r) => r.device_serial)).toEqual(['SRCHB0000002']);
    expect((await page('%')).list).toHaveLength(0);
    expect((await page('SRCH')).list).toHaveLength(2);
  });
});

describe('createOperationLogQuery (contract 4)', () => {
  it('shows a caller without Db1 only their own operations; with device_id the whole device; Android rows get their serial', async () => {
    const s = await t.newStore();
    const me = await t.newClerk({ storeId: s.id });
    const other = await t.newClerk({ storeId: s.id });
    const [phone] = await t.db.insert(androidDevice).values({ storeId: s.id, imei1: '860000000000001' }).returning();
    await t.db.insert(operationLog).values([
      { storeId: s.id, platform: 'android', deviceId: phone.id, clerkId: me.id, action: 'lock', status: OperationStatus.DONE },
      { storeId: s.id, platform: 'android', deviceId: phone.id, clerkId: other.id, action: 'unlock', status: OperationStatus.DONE },
    ]);
    const query = createOperationLogQuery(t.db);
    const auth = { clerkId: me.id, storeId: s.id, sessionId: 'x', isAdmin: false, perms: [], modules: [Module.ANDROID] };
    const own = await query.list(auth, 'android', { page_num: 0, page_size: 20 });
    expect(own.total).toBe(1);
    expect(own.list[0]).toMatchObject({ action: 'lock', device_serial: '860000000000001', platform: 'android' });
    expect((await query.list(auth, 'android', { page_num: 0, page_size: 20, device_id: phone.id })).total).toBe(2);
    expect((await query.list({ ...auth, perms: [Perm.OPERATION_LOG] }, 'android', { page_num: 0, page_size: 20 })).total).toBe(2);
    expect((await query.list({ ...auth, perms: [Perm.OPERATION_LOG] }, 'ios', { page_num: 0, page_size: 20 })).total).toBe(0);
    expect((await query.list({ ...auth, storeId: (await t.newStore()).id, perms: [Perm.ADMIN] }, 'android', { page_num: 0, page_size: 20 })).total).toBe(0);
  });
});
