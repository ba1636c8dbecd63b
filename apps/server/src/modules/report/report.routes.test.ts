import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module, Perm, idCardCheckDigit } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { hxReportSetting, rcsRecord, report, reportLedger } from './report.table.ts';
import { topUpStore } from './top-up.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers | undefined, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });

const ID = `11010519491231002X`;
const id18 = (first17: string) => first17 + idCardCheckDigit(first17);
const hirer = { name: '张三', id_card: ID, phone_number: '13812345678', level: 'basic', authorised: true };

async function shop(values: { modules?: Module[]; balanceFen?: number; discount?: string } = {}) {
  const s = await t.newStore({ modules: values.modules });
  if (values.discount) await t.db.update(store).set({ discountRate: values.discount }).where(eq(store.id, s.id));
  if (values.balanceFen) await topUpStore(t.db, s.id, { balanceFen: values.balanceFen });
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const clerk = await t.signedIn({ storeId: s.id, isAdmin: false, permission: Perm.REPORT_LIST });
  const noCa1 = await t.signedIn({ storeId: s.id, isAdmin: false, permission: Perm.APPLE_LIST_NEW });
  return { store: s, admin: admin.headers, clerk: clerk.headers, clerkId: clerk.clerk.id, noCa1: noCa1.headers };
}
let keys = 0;
/** refresh sends a fresh idempotency key, as the console's 刷新 button does for each click it means. */
const refresh = (h: Headers, id: string, key = `refresh-${++keys}-${Date.now()}`) => post('/api/report/refresh', h, { id, idempotency_key: key });
const balance = async (h: Headers) => (await get('/api/report/balance', h)).json().balance_fen as number;

describe('who may call', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/api/report/balance'],
    ['GET', '/api/report/helper'],
    ['GET', '/api/report/list'],
    ['GET', '/api/report/preview?id=00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/report/abnormal-list'],
    ['POST', '/api/report/add', hirer],
    ['POST', '/api/report/refresh', { id: '00000000-0000-4000-8000-000000000000', idempotency_key: 'refresh-0001' }],
    ['POST', '/api/report/blacklist-check', { type: 1, phone_number: '13812345678' }],
    ['GET', '/api/store/rcs/list'],
    ['POST', '/api/store/rcs/request', { name: '张三', id_card: ID }],
  ];
  it.each(calls)('%s %s: 403 without Ca1, 401 anonymous, 403 for a store without report modules', async (method, url, payload) => {
    const s = await shop({ balanceFen: 10_000 });
    const inject = (headers?: Headers) => t.app.inject({ method: method as 'GET' | 'POST', url, headers, payload });
    const denied = await inject(s.noCa1);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    expect((await inject()).statusCode).toBe(401);
    if (url.startsWith('/api/report/')) {
      const bare = await shop({ modules: [Module.APPLE], balanceFen: 10_000 });
      const res = await inject(bare.admin);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('门店未开通报告功能');
    }
    const [{ n }] = await t.db
      .select({ n: report.id })
      .from(report)
      .where(eq(report.storeId, s.store.id))
      .then((r) => [{ n: r.length }]);
    expect(n).toBe(0);
    expect(await balance(s.admin)).toBe(10_000);
  });

  it('hx-report settings are admin only', async () => {
    const s = await shop();
    expect((await get('/api/store/hx-report/config-status', s.clerk)).statusCode).toBe(403);
    expect((await post('/api/store/hx-report/set-secret-key', s.clerk, { secret_key: 'x' })).statusCode).toBe(403);
  });
});

it('documents the report routes in the OpenAPI document', async () => {
  const res = await get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining(['/api/report/add', '/api/report/list', '/api/report/blacklist-check', '/api/store/rcs/request', '/api/system/rcs']),
  );
});

describe('POST /api/report/add', () => {
  it('charges the discounted price, lists the report masked and shows the full values only in the logged preview', async () => {
    const s = await shop({ balanceFen: 10_000, discount: '0.8500' });
    const helper = (await get('/api/report/helper', s.clerk)).json();
    expect(helper.prices.find((p: { level: string }) => p.level === 'basic')).toMatchObject({ list_price_fen: 1_500, price_fen: 1_275, available: true });
    expect(helper.prices.find((p: { level: string }) => p.level === 'professional')).toMatchObject({ available: false });

    const res = await post('/api/report/add', s.clerk, hirer);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      name: '张三',
      id_card: '110***********002X',
      phone_number: '138****5678',
      level: 'basic',
      status: 'success',
      price_fen: 1_275,
      sandbox: true,
    });
    expect(['low', 'medium', 'high']).toContain(item.risk_level);
    expect(await balance(s.clerk)).toBe(10_000 - 1_275);

    const list = (await get('/api/report/list', s.clerk)).json();
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain(ID);
    expect(JSON.stringify(list)).not.toContain('13812345678');

    // At rest: sealed, never in clear.
    const [row] = await t.db.select().from(report).where(eq(report.id, item.id));
    expect(row.idCardSealed).not.toContain('110105');
    expect(row.phoneSealed).not.toContain('1381234');
    expect(row.authorisedBy).toBe(s.clerkId);

    const preview = await get(`/api/report/preview?id=${item.id}`, s.clerk);
    expect(preview.headers['cache-control']).toBe('no-store');
    const detail = preview.json();
    expect(detail).toMatchObject({ id_card: ID, phone_number: '13812345678', authorisation: { confirmed_by: '测试店员' } });
    expect(detail.sections.identity).toBeTruthy();
    expect(detail.sections.multi_lender).toBeNull(); // basic has no multi-lender section
    const views = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.storeId, s.store.id), eq(operationLog.action, 'report-view')));
    expect(views).toHaveLength(1);
    expect(views[0].clerkId).toBe(s.clerkId);
  });

  it('finds reports by exact id number or phone through the keyed hash, and filters by name, level and date', async () => {
    const s = await shop({ balanceFen: 100_000 });
    await post('/api/report/add', s.clerk, hirer);
    await post('/api/report/add', s.clerk, { ...hirer, name: '李四', id_card: id18('31010419920815234'), phone_number: '13900000001', level: 'advanced' });
    const q = async (query: string) => (await get(`/api/report/list?${query}`, s.clerk)).json();
    expect((await q(`id_card=${ID.toLowerCase()}`)).total).toBe(1);
    expect((await q('phone_number=13900000001')).list[0].name).toBe('李四');
    expect((await q(`name=${encodeURIComponent('李')}`)).total).toBe(1);
    expect((await q('level=advanced')).total).toBe(1);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await q(`date_from=${today}&date_to=${today}`)).total).toBe(2);
    expect((await q('date_from=2000-01-01&date_to=2000-01-02')).total).toBe(0);
    const bad = await get(`/api/report/list?name=Tom`, s.clerk);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('姓名只允许使用中文字符');
  });

  it('refuses bad input with the spec messages and charges nothing', async () => {
    const s = await shop({ balanceFen: 10_000 });
    for (const [body, message] of [
      [{ ...hirer, id_card: '110105194912310021' }, '身份证格式有误'],
      [{ ...hirer, level: 'gold' }, '报告等级有误'],
      [{ ...hirer, authorised: false }, '请确认已取得租机人的查询授权'],
      [{ ...hirer, level: 'professional' }, '专业版报告即将推出，敬请期待'],
    ] as const) {
      const res = await post('/api/report/add', s.clerk, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await balance(s.clerk)).toBe(10_000);
    expect((await get('/api/report/list', s.clerk)).json().total).toBe(0);
  });

  it('needs the level module: advanced without it is 403', async () => {
    const s = await shop({ modules: [Module.REPORT_BASIC], balanceFen: 10_000 });
    const res = await post('/api/report/add', s.clerk, { ...hirer, level: 'advanced' });
    expect(res.statusCode).toBe(403);
    expect(await balance(s.clerk)).toBe(10_000);
  });

  it('says 余额不足 when the balance does not cover the price', async () => {
    const s = await shop({ balanceFen: 1_499 });
    const res = await post('/api/report/add', s.clerk, hirer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: '余额不足' });
    expect(await balance(s.clerk)).toBe(1_499);
  });

  it('charges once per idempotency key', async () => {
    const s = await shop({ balanceFen: 10_000 });
    const a = (await post('/api/report/add', s.clerk, { ...hirer, idempotency_key: 'dialog-0001' })).json();
    const b = (await post('/api/report/add', s.clerk, { ...hirer, idempotency_key: 'dialog-0001' })).json();
    expect(b.id).toBe(a.id);
    expect(await balance(s.clerk)).toBe(10_000 - 1_500);
  });

  it('refuses a key reused for another hirer or level with 409, charging nothing more', async () => {
    const s = await shop({ balanceFen: 10_000 });
    const key = { idempotency_key: 'dialog-reuse-0001' };
    expect((await post('/api/report/add', s.clerk, { ...hirer, ...key })).statusCode).toBe(200);
    // The same request in another key order is still a replay.
    const { authorised, level, ...rest } = hirer;
    expect((await post('/api/report/add', s.clerk, { ...key, level, authorised, ...rest })).statusCode).toBe(200);
    for (const other of [
      { ...hirer, name: '李四', id_card: id18('31010419920815234') },
      { ...hirer, level: 'advanced' },
    ]) {
      const res = await post('/api/report/add', s.clerk, { ...other, ...key });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Idempotency-Key 已用于另一个不同的请求') });
    }
    expect(await balance(s.clerk)).toBe(10_000 - 1_500);
    expect((await get('/api/report/list', s.clerk)).json().total).toBe(1);
  });

  it('50 parallel adds with a balance for 10 make 10 reports and 40 refusals (余额不足), never an overdraft', async () => {
    const s = await shop({ balanceFen: 15_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => post('/api/report/add', s.clerk, hirer)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().message).toBe('余额不足');
    expect(await balance(s.clerk)).toBe(0);
    const charges = await t.db
      .select()
      .from(reportLedger)
      .where(and(eq(reportLedger.storeId, s.store.id), eq(reportLedger.kind, 'charge')));
    expect(charges).toHaveLength(10);
  }, 60_000);

  it('a provider failure refunds the charge and lands in abnormal-list with the reason', async () => {
    const s = await shop({ balanceFen: 10_000 });
    const res = await post('/api/report/add', s.clerk, { ...hirer, phone_number: '19900001234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('模拟故障') });
    expect(await balance(s.clerk)).toBe(10_000);
    const abnormal = (await get('/api/report/abnormal-list', s.clerk)).json();
    expect(abnormal.total).toBe(1);
    expect(abnormal.list[0]).toMatchObject({
      report_id: res.json().id,
      amount_fen: 1_500,
      reason: expect.stringContaining('模拟故障'),
      id_card: '110***********002X',
    });
    const rows = await t.db.select().from(reportLedger).where(eq(reportLedger.reportId, res.json().id));
    expect(rows.map((r) => r.amountFen).sort()).toEqual([-1_500, 1_500]);
  });
});

describe('POST /api/report/refresh', () => {
  it('re-queries under the same rules: charged again, refused without balance', async () => {
    const s = await shop({ balanceFen: 3_000 });
    const { id } = (await post('/api/report/add', s.clerk, hirer)).json();
    const res = await refresh(s.clerk, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'success' });
    expect(await balance(s.clerk)).toBe(0);
    const poor = await refresh(s.clerk, id);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().message).toBe('余额不足');
    expect((await get(`/api/report/preview?id=${id}`, s.clerk)).json().status).toBe('success');
  });

  it('needs an idempotency key (Chinese 400, nothing charged); a retry with it charges once; reused on another report it is a 409', async () => {
    const s = await shop({ balanceFen: 10_000 });
    const { id } = (await post('/api/report/add', s.clerk, hirer)).json();
    const { id: other } = (await post('/api/report/add', s.clerk, { ...hirer, name: '李四', id_card: id18('31010419920815234') })).json();
    const paid = 10_000 - 2 * 1_500;
    const bare = await post('/api/report/refresh', s.clerk, { id });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain('刷新报告需要 idempotency_key');
    expect(await balance(s.clerk)).toBe(paid);

    const first = await refresh(s.clerk, id, 'refresh-click-0001');
    const retried = await refresh(s.clerk, id, 'refresh-click-0001');
    expect([first.statusCode, retried.statusCode]).toEqual([200, 200]);
    expect(retried.json()).toMatchObject({ id, status: 'success' });
    expect(await balance(s.clerk)).toBe(paid - 1_500);

    const reused = await refresh(s.clerk, other, 'refresh-click-0001');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Idempotency-Key') });
    expect(await balance(s.clerk)).toBe(paid - 1_500);
  });

  it("answers 404 for another store's report on preview and refresh, and changes nothing", async () => {
    const mine = await shop({ balanceFen: 10_000 });
    const other = await shop({ balanceFen: 10_000 });
    const { id } = (await post('/api/report/add', other.clerk, hirer)).json();
    expect((await get(`/api/report/preview?id=${id}`, mine.admin)).statusCode).toBe(404);
    expect((await refresh(mine.admin, id)).statusCode).toBe(404);
    expect(await balance(mine.admin)).toBe(10_000);
    expect((await get('/api/report/list', mine.admin)).json().total).toBe(0);
  });
});

describe('POST /api/report/blacklist-check', () => {
  it('checks by id (type 0) or phone (type 1), charging the blacklist price', async () => {
    const s = await shop({ balanceFen: 1_000 });
    const hit = await post('/api/report/blacklist-check', s.clerk, { type: 1, phone_number: '13800000004' });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toMatchObject({ type: 1, value: '138****0004', hit: true, price_fen: 300, balance_fen: 700, sandbox: true });
    const clean = await post('/api/report/blacklist-check', s.clerk, { type: 0, id_card: ID });
    expect(clean.json()).toMatchObject({ hit: false, records: [], balance_fen: 400 });
    const bad = await post('/api/report/blacklist-check', s.clerk, { type: 0, id_card: '110105491231002' });
    expect(bad.statusCode).toBe(400);
    const failed = await post('/api/report/blacklist-check', s.clerk, { type: 1, phone_number: '19900001234' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toContain('费用已退回');
    expect(await balance(s.clerk)).toBe(400);
  });
});

describe('RCS', () => {
  it('spends rcs_count, refuses past it, and the hirer-side sandbox page fills both report links', async () => {
    const s = await shop();
    const none = await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: ID });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('风控查询次数不足');
    await topUpStore(t.db, s.store.id, { rcsCount: 1 });
    const bad = await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: '12345' });
    expect(bad.statusCode).toBe(400);
    const res = await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: 'A123456(7)' });
    expect(res.statusCode).toBe(200);
    const rec = res.json();
    expect(rec).toMatchObject({ name: '张三', last_wechat_report: null, last_alipay_report: null, sandbox: true });
    expect(rec.id_card).not.toContain('123456');
    const [st] = await t.db.select().from(store).where(eq(store.id, s.store.id));
    expect(st.usedRcsCount).toBe(1);
    expect((await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: ID })).statusCode).toBe(409);

    const path = new URL(rec.auth_url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('同意授权');
    expect(page.body).toContain('沙箱数据');
    // The page needs no login: the hirer's name and id number appear masked only.
    expect(page.body).toContain('张*');
    expect(page.body).not.toContain('张三');
    const done = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode).toBe(200);
    const [listed] = (await get('/api/store/rcs/list', s.clerk)).json().list;
    expect(listed.last_wechat_report.url).toContain('/wechat');
    expect(listed.last_alipay_report.url).toContain('/alipay');
    const sample = (await t.app.inject({ method: 'GET', url: new URL(listed.last_wechat_report.url).pathname })).body;
    expect(sample).toContain('沙箱');
    expect(sample).not.toContain('张三');
    expect(sample).not.toContain('123456');
    expect((await get(`/api/store/rcs/list?name=${encodeURIComponent('张')}`, s.clerk)).json().total).toBe(1);
    expect((await get(`/api/store/rcs/list?name=${encodeURIComponent('%')}`, s.clerk)).json().total).toBe(0);
    // Another store's list does not show it.
    const other = await shop();
    expect((await get('/api/store/rcs/list', other.admin)).json().total).toBe(0);
  });

  it('spends rcs_count atomically: 10 parallel requests with 3 left make 3 records', async () => {
    const s = await shop();
    await topUpStore(t.db, s.store.id, { rcsCount: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: ID })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const [st] = await t.db.select().from(store).where(eq(store.id, s.store.id));
    expect(st.usedRcsCount).toBe(3);
    expect((await get('/api/store/rcs/list', s.clerk)).json().total).toBe(3);
  }, 60_000);

  it('refuses unsigned provider callbacks when no vendor is configured', async () => {
    const res = await post('/api/system/rcs', undefined, { order_id: 'x', channel: 'wechat', url: 'https://example.com/r' });
    expect(res.statusCode).toBe(403);
  });
});

describe('hx-report secret key', () => {
  it('stores the key sealed, never returns it, and config-status says it is set', async () => {
    const s = await shop();
    expect((await get('/api/store/hx-report/config-status', s.admin)).json()).toMatchObject({ configured: false, provider: 'sandbox' });
    const empty = await post('/api/store/hx-report/set-secret-key', s.admin, { secret_key: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('密钥长度有误');
    const set = await post('/api/store/hx-report/set-secret-key', s.admin, { secret_key: 'hx-secret-9f8e7d' });
    expect(set.json()).toEqual({ ok: true });
    const status = await get('/api/store/hx-report/config-status', s.admin);
    expect(status.json()).toMatchObject({ configured: true });
    expect(status.body).not.toContain('hx-secret');
    expect((await get('/api/report/helper', s.admin)).body).not.toContain('hx-secret');
    const [row] = await t.db.select().from(hxReportSetting).where(eq(hxReportSetting.storeId, s.store.id));
    expect(row.secretCipher).not.toContain('hx-secret');
    expect(row.secretCipher.startsWith('v1.')).toBe(true);
  });
});

describe('home report overview and device risk', () => {
  it('shows real figures for the month, and the hirer risk on device details for Ca1 holders only', async () => {
    const s = await shop({ balanceFen: 10_000, modules: [Module.APPLE, Module.ANDROID, Module.REPORT_BASIC, Module.REPORT_ADVANCED] });
    await t.db.update(store).set({ rcsCount: 5, usedRcsCount: 2 }).where(eq(store.id, s.store.id));
    const ok = (await post('/api/report/add', s.clerk, hirer)).json();
    await post('/api/report/add', s.clerk, { ...hirer, level: 'advanced' });
    await post('/api/report/add', s.clerk, { ...hirer, phone_number: '19900001234' });
    const home = (await get('/api/home/report-overview', s.clerk)).json();
    expect(home).toMatchObject({
      available: true,
      month: { basic: 2, advanced: 1, total: 3, failed: 1 },
      rcs_count: 5,
      used_rcs_count: 2,
      rcs_left: 3,
      balance_fen: 10_000 - 1_500 - 3_800,
      abnormal_count: 1,
      sandbox: true,
      risk_watch: null,
    });

    const ios = await t.newIosDevice({ storeId: s.store.id, hirerPhoneNumber: '13812345678', hirerName: '张三' });
    const android = await t.newAndroidDevice({ storeId: s.store.id, hirerPhoneNumber: '13812345678', hirerName: '张 三' });
    const iosDetail = (await get(`/api/device/ios/${ios.id}`, s.admin)).json();
    expect(iosDetail.hirer_risk).toMatchObject({ report_level: 'advanced', level: expect.any(String), sandbox: true });
    expect((await get(`/api/device/android/${android.id}`, s.admin)).json().hirer_risk).toMatchObject({ sandbox: true });
    expect((await get('/api/report/list', s.clerk)).json().list.find((r: { id: string }) => r.id === ok.id).linked_device_count).toBe(2);
    const viewer = await t.signedIn({ storeId: s.store.id, permission: `${Perm.APPLE_LIST_VIEW_ALL}` });
    expect((await get(`/api/device/ios/${ios.id}`, viewer.headers)).json().hirer_risk).toBeNull();
  });
});

describe('linking a report to devices', () => {
  it('links only devices whose hirer has the phone and the name; a shared phone number alone links nothing', async () => {
    const s = await shop({ balanceFen: 10_000, modules: [Module.APPLE, Module.ANDROID, Module.REPORT_BASIC] });
    const mine = await t.newIosDevice({ storeId: s.store.id, hirerPhoneNumber: '13812345678', hirerName: '张三' });
    const other = await t.newIosDevice({ storeId: s.store.id, hirerPhoneNumber: '13812345678', hirerName: '李租客' });
    const nameless = await t.newAndroidDevice({ storeId: s.store.id, hirerPhoneNumber: '13812345678', hirerName: '' });
    const { id } = (await post('/api/report/add', s.clerk, hirer)).json();

    const view = (await get(`/api/report/preview?id=${id}`, s.admin)).json();
    expect(view.linked_devices.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect(view.linked_device_count).toBe(1);
    expect((await get('/api/report/list', s.admin)).json().list.find((r: { id: string }) => r.id === id).linked_device_count).toBe(1);
    // The other hirer's page shows no risk from 张三's report.
    expect((await get(`/api/device/ios/${mine.id}`, s.admin)).json().hirer_risk).toMatchObject({ report_id: id });
    expect((await get(`/api/device/ios/${other.id}`, s.admin)).json().hirer_risk).toBeNull();
    expect((await get(`/api/device/android/${nameless.id}`, s.admin)).json().hirer_risk).toBeNull();
  });
});

describe('stuck queries', () => {
  it('a query left pending (crash after the charge) is failed and refunded by the job, then can be refreshed', async () => {
    const s = await shop({ balanceFen: 3_000 });
    const { id } = (await post('/api/report/add', s.clerk, hirer)).json();
    await t.db
      .update(report)
      .set({ status: 'pending', dateUpdated: new Date(Date.now() - 11 * 60_000) })
      .where(eq(report.id, id));
    expect((await refresh(s.clerk, id)).statusCode).toBe(409);
    const job = t.app.reports.jobs.find((j) => j.name === 'report-stuck')!;
    expect(await job.run()).toBe(1);
    expect(await job.run()).toBe(0);
    expect((await get(`/api/report/preview?id=${id}`, s.clerk)).json()).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringContaining('费用已退回'),
    });
    expect(await balance(s.clerk)).toBe(3_000);
    expect((await refresh(s.clerk, id)).json().status).toBe('success');
  });
});

describe('retention', () => {
  it('deletes reports older than the retention period and keeps the ledger', async () => {
    const s = await shop({ balanceFen: 10_000 });
    const { id } = (await post('/api/report/add', s.clerk, hirer)).json();
    const fresh = (await post('/api/report/add', s.clerk, hirer)).json();
    await t.db
      .update(report)
      .set({ dateCreated: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(report.id, id));
    await topUpStore(t.db, s.store.id, { rcsCount: 1 });
    const rcs = (await post('/api/store/rcs/request', s.clerk, { name: '张三', id_card: ID })).json();
    await t.db
      .update(rcsRecord)
      .set({ dateCreated: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(rcsRecord.id, rcs.id));
    const job = t.app.reports.jobs.find((j) => j.name === 'report-retention')!;
    expect(await job.run()).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/report/preview?id=${id}`, s.clerk)).statusCode).toBe(404);
    expect((await get(`/api/report/preview?id=${fresh.id}`, s.clerk)).statusCode).toBe(200);
    expect((await get('/api/store/rcs/list', s.clerk)).json().total).toBe(0);
    expect(await balance(s.clerk)).toBe(7_000);
  });
});
