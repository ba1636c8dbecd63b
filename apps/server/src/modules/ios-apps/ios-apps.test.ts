import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppleAppRestrictionType, type InstallAppResult, OperationStatus, Perm } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { validateCommand } from '../../mdm/apple/schema/validate.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

type Headers = { authorization: string };

let h: MdmHarness;
let storeId: string;
let admin: Headers;
let ab10: Headers;

const QQ = { app_name: 'QQ', bundle_id: 'com.tencent.mqq', itunes_store_id: '444934666' };
const DINGTALK = { app_name: '钉钉', bundle_id: 'com.laiwang.DingTalk' };
const WECHAT = { app_name: '微信', bundle_id: 'com.tencent.xin', itunes_store_id: '414478124' };
const BILIBILI = { app_name: '哔哩哔哩', bundle_id: 'tv.danmaku.bilianime', itunes_store_id: '736536022' };
/** In the store's library with an App Store id the App Store does not know (the phone refuses it). */
const DELISTED = { app_name: '已下架应用', bundle_id: 'com.example.delisted', itunes_store_id: '1999999999' };
const UNKNOWN = { app_name: '未知应用', bundle_id: 'com.example.notinlibrary' };

beforeAll(async () => {
  h = await startMdmHarness();
  storeId = (await h.t.newStore()).id;
  admin = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
  ab10 = (await h.t.signedIn({ storeId, permission: `${Perm.APPLE_SET_APP_RESTRICTION},${Perm.APPLE_LIST_VIEW_ALL}` })).headers;
  for (const app of [QQ, DINGTALK, WECHAT, BILIBILI, DELISTED]) {
    const { itunes_store_id, ...rest } = app as typeof app & { itunes_store_id?: string };
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/appstore/new',
      headers: admin,
      payload: { platform: 'apple', ...rest, track_id: itunes_store_id },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => h.close());

const install = (headers: Headers, deviceId: string, apps: object[], key?: string) =>
  h.t.app.inject({
    method: 'POST',
    url: '/api/device/ios/command/install-apps',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: { device_id: deviceId, apps },
  });
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
const installs = (deviceId: string) =>
  h.t.db
    .select()
    .from(mdmCommand)
    .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'InstallApplication')));
const offlinePhone = (values: Partial<typeof iosDevice.$inferInsert> = {}) => h.t.newIosDevice({ storeId, enrolled: true, superviseStatus: 1, ...values });
const byBundle = (list: InstallAppResult[]) => Object.fromEntries(list.map((r) => [r.bundle_id, r]));

describe('install-apps: who and what', () => {
  it('needs Ab10 and the caller’s own device', async () => {
    const d = await offlinePhone();
    const clerk = (await h.t.signedIn({ storeId, permission: `${Perm.APPLE_SET_SYSTEM_RESTRICTION},${Perm.APPLE_LIST_VIEW_ALL}` })).headers;
    const denied = await install(clerk, d.id, [QQ]);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_DENIED');

    const other = await h.t.newStore();
    const otherAdmin = (await h.t.signedIn({ storeId: other.id, isAdmin: true })).headers;
    expect((await install(otherAdmin, d.id, [QQ])).statusCode).toBe(404);
    expect(await installs(d.id)).toHaveLength(0);
  });

  const bad: [string, object[], string][] = [
    ['no app', [], '请选择要安装的应用'],
    ['more than ten apps', Array.from({ length: 11 }, (_, i) => ({ app_name: `应用${i}`, bundle_id: `com.example.app${i}` })), '一次最多安装 10 个应用'],
    ['a bad bundle id', [{ app_name: '坏的', bundle_id: 'not a bundle' }], 'Bundle ID 格式有误'],
    ['the same app twice', [QQ, QQ], '应用有重复'],
  ];
  for (const [what, apps, message] of bad) {
    it(`refuses ${what} with a Chinese 400`, async () => {
      const d = await offlinePhone();
      const res = await install(ab10, d.id, apps);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      expect(await installs(d.id)).toHaveLength(0);
    });
  }

  it('refuses app by app: not in the library, installed, installing, blacklisted, App Store id not the library’s', async () => {
    const d = await offlinePhone({
      appList: [{ app_name: '微信', bundle_id: WECHAT.bundle_id }],
      appRestrictionEnable: true,
      appRestrictionType: AppleAppRestrictionType.BLACKLIST,
      appRestrictionList: [{ app_name: '哔哩哔哩', bundle_id: BILIBILI.bundle_id }],
    });
    const first = byBundle((await install(ab10, d.id, [QQ])).json().list);
    expect(first[QQ.bundle_id].status).toBe('queued');
    const res = await install(ab10, d.id, [UNKNOWN, WECHAT, QQ, BILIBILI, { ...DINGTALK, itunes_store_id: '1' }, { ...DELISTED, itunes_store_id: '2' }]);
    expect(res.statusCode).toBe(200);
    const list = byBundle(res.json().list);
    expect(list[UNKNOWN.bundle_id]).toMatchObject({ status: 'refused', reason: '不在门店应用库中，请先在“应用库”中添加' });
    expect(list[WECHAT.bundle_id]).toMatchObject({ status: 'refused', reason: '设备上已安装此应用' });
    expect(list[QQ.bundle_id]).toMatchObject({ status: 'refused', reason: '此应用正在安装中，请等待设备响应' });
    expect(list[BILIBILI.bundle_id]).toMatchObject({ status: 'refused', reason: '此应用在本机的应用黑名单中，安装后也无法打开' });
    // The library has no App Store id for 钉钉, so the client's is not contradicted: it installs by bundle id.
    expect(list[DINGTALK.bundle_id]).toMatchObject({ status: 'queued' });
    expect(list[DELISTED.bundle_id]).toMatchObject({ status: 'refused', reason: 'App Store ID 与门店应用库记录不一致' });
    expect(await installs(d.id)).toHaveLength(2);
  });

  it('under an app white list installs only what the phone may open: its list and the store white list', async () => {
    const d = await offlinePhone({
      appRestrictionEnable: true,
      appRestrictionType: AppleAppRestrictionType.WHITELIST,
      appRestrictionList: [{ app_name: 'QQ', bundle_id: QQ.bundle_id }],
    });
    await h.t.db
      .update(store)
      .set({ appleAppWhiteList: [{ app_name: '钉钉', bundle_id: DINGTALK.bundle_id, icon: '' }] })
      .where(eq(store.id, storeId));
    const list = byBundle((await install(ab10, d.id, [QQ, DINGTALK, BILIBILI])).json().list);
    expect(list[QQ.bundle_id].status).toBe('queued');
    expect(list[DINGTALK.bundle_id].status).toBe('queued');
    expect(list[BILIBILI.bundle_id]).toMatchObject({ status: 'refused', reason: '本机开启了应用白名单，此应用不在白名单中，安装后也无法打开' });
  });

  it('honours the Idempotency-Key per app: a replay returns the same operations and queues nothing', async () => {
    const d = await offlinePhone();
    const first = (await install(ab10, d.id, [QQ, DINGTALK], 'install-key-1')).json().list as InstallAppResult[];
    const again = (await install(ab10, d.id, [QQ, DINGTALK], 'install-key-1')).json().list as InstallAppResult[];
    expect(again.map((r) => r.status === 'queued' && r.operation_log_id)).toEqual(first.map((r) => r.status === 'queued' && r.operation_log_id));
    expect(again.every((r) => r.status === 'queued' && r.replayed)).toBe(true);
    expect(await installs(d.id)).toHaveLength(2);
  });

  it('builds InstallApplication by App Store id when the library has one, else by bundle id, valid against Apple’s schema', async () => {
    const d = await offlinePhone();
    await install(ab10, d.id, [QQ, DINGTALK]);
    const commands = (await installs(d.id)).map((c) => parsePlistDict(c.payload));
    for (const c of commands) expect(validateCommand(c)).toEqual([]);
    expect(commands.map((c) => c.Command)).toEqual(
      expect.arrayContaining([
        { RequestType: 'InstallApplication', iTunesStoreID: 444934666 },
        { RequestType: 'InstallApplication', Identifier: 'com.laiwang.DingTalk' },
      ]),
    );
  });
});

describe('install-apps with the simulated iPhone', () => {
  it('installs two apps as managed, each with its own result, refuses one, and the app list shows them', async () => {
    const { phone, deviceId } = await h.newPhone(admin);
    await waitFor(async () => (await device(deviceId)).appList.length > 0);

    const res = await install(ab10, deviceId, [QQ, DINGTALK, WECHAT]);
    const list = byBundle(res.json().list);
    expect(list[WECHAT.bundle_id]).toMatchObject({ status: 'refused', reason: '设备上已安装此应用' });
    for (const app of [QQ, DINGTALK]) {
      const result = list[app.bundle_id];
      if (result.status !== 'queued') throw new Error(`${app.app_name} was not queued`);
      const row = await waitFor(async () => {
        const r = await operation(result.operation_log_id);
        return r.status === OperationStatus.DONE ? r : null;
      });
      expect(row.result).toBe(`「${app.app_name}」设备正在下载安装`);
      expect(row.detail).toMatchObject({ app_name: app.app_name, bundle_id: app.bundle_id });
    }
    const apps = Object.fromEntries(phone.state.apps.map((a) => [a.identifier, a]));
    expect(apps[QQ.bundle_id]).toMatchObject({ name: 'QQ', managed: true });
    expect(apps[DINGTALK.bundle_id]).toMatchObject({ name: '钉钉', managed: true });
    expect(apps[WECHAT.bundle_id].managed).toBe(false);
    // The phone is asked for its app list after the installs, so the console's list shows them.
    await waitFor(async () => {
      const bundles = (await device(deviceId)).appList.map((a) => a.bundle_id);
      return bundles.includes(QQ.bundle_id) && bundles.includes(DINGTALK.bundle_id);
    });
  });

  it('words the phone’s refusal in Chinese when the App Store does not know the app', async () => {
    const { deviceId } = await h.newPhone(admin);
    await waitFor(async () => (await device(deviceId)).appList.length > 0);
    const [result] = (await install(ab10, deviceId, [DELISTED])).json().list as InstallAppResult[];
    if (result.status !== 'queued') throw new Error('not queued');
    const row = await waitFor(async () => {
      const r = await operation(result.operation_log_id);
      return r.status === OperationStatus.FAILED ? r : null;
    });
    expect(row.result).toBe('「已下架应用」安装失败：App Store 中找不到该应用');
  });
});
