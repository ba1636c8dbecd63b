import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus, Perm } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../../domain/operation-log.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

/** A view as report.service `preview` logs it. */
const view = (storeId: string, clerkId: string, name: string, at: string) => ({
  storeId,
  clerkId,
  platform: 'store',
  action: 'report-view',
  status: OperationStatus.DONE,
  detail: { report_id: `r-${name}`, name, level: 'basic' },
  dateCreated: new Date(at),
});

describe('GET /api/store/report-view-log', () => {
  it('needs Db1 or admin', async () => {
    const s = await t.newStore();
    const loginOnly = await t.signedIn({ storeId: s.id, permission: Perm.LOGIN_LOG });
    expect((await get('/api/store/report-view-log', loginOnly.headers)).statusCode).toBe(403);
    const holder = await t.signedIn({ storeId: s.id, permission: Perm.OPERATION_LOG });
    expect((await get('/api/store/report-view-log', holder.headers)).statusCode).toBe(200);
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    expect((await get('/api/store/report-view-log', admin.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/store/report-view-log' })).statusCode).toBe(401);
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
