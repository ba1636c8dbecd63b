import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSENTIAL_APPLE_APPS, OperationStatus, Perm, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { mdmCommand, mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { validateCommand } from '../../mdm/apple/schema/validate.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { endEnterpriseTrustWindows } from './enterprise-trust.job.ts';
import { iosRestrictionProfile } from './ios-restriction.table.ts';
import { createIosRestrictionService } from './ios-restriction.service.ts';
import { payloadOfCommand } from './restriction-profile.ts';

type Headers = { authorization: string };

let t: TestApp;
let storeId: string;
let admin: Headers;
let ab17: Headers;
let ab10: Headers;
let viewer: Headers;
let otherStoreAdmin: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  storeId = (await t.newStore()).id;
  admin = (await t.signedIn({ storeId, isAdmin: true })).headers;
  ab17 = (await t.signedIn({ storeId, permission: `${Perm.APPLE_SET_SYSTEM_RESTRICTION},${Perm.APPLE_LIST_VIEW_ALL}` })).headers;
  ab10 = (await t.signedIn({ storeId, permission: `${Perm.APPLE_SET_APP_RESTRICTION},${Perm.APPLE_LIST_VIEW_ALL}` })).headers;
  viewer = (await t.signedIn({ storeId, permission: Perm.APPLE_LIST_VIEW_ALL })).headers;
  otherStoreAdmin = (await t.signedIn({ storeId: (await t.newStore()).id, isAdmin: true })).headers;
});
afterAll(() => t.close());

const post = (headers: Headers, name: string, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
const device = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
const operations = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));
const pending = (deviceId: string) =>
  t.db
    .select()
    .from(mdmCommand)
    .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.status, ['queued', 'sent', 'not-now'])));
const enrolled = (values: Partial<typeof iosDevice.$inferInsert> = {}) =>
  t.newIosDevice({ storeId, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED, osVersion: '17.5.1', ...values });
/** installed is the Restrictions payload of the one pending command (null: a RemoveProfile), schema-checked. */
async function onlyPendingPayload(deviceId: string) {
  const rows = await pending(deviceId);
  expect(rows).toHaveLength(1);
  expect(validateCommand(parsePlistDict(rows[0].payload))).toEqual([]);
  return { requestType: rows[0].requestType, payload: payloadOfCommand(rows[0].payload), operationLogId: rows[0].operationLogId };
}
const state = async (headers: Headers, deviceId: string) =>
  t.app.inject({ method: 'GET', url: `/api/device/ios/helper/restriction-state?device_id=${deviceId}`, headers });

describe('set-system-restriction (Ab17)', () => {
  it('stores the map, queues the one restrictions profile and logs it as queued', async () => {
    const d = await enrolled();
    const res = await post(ab17, 'set-system-restriction', {
      device_id: d.id,
      system_restriction: { allowEraseContentAndSettings: false, allowCamera: true, forceWiFiPowerOn: true },
    });
    expect(res.statusCode).toBe(200);
    const op = res.json();
    expect(op).toMatchObject({ status: OperationStatus.QUEUED, replayed: false });
    expect((await device(d.id)).systemRestriction).toEqual({ allowEraseContentAndSettings: false, forceWiFiPowerOn: true });
    expect(await onlyPendingPayload(d.id)).toEqual({
      requestType: 'InstallProfile',
      payload: { allowEraseContentAndSettings: false, forceWiFiPowerOn: true },
      operationLogId: op.operation_log_id,
    });
    expect(await operation(op.operation_log_id)).toMatchObject({
      action: 'set-system-restriction',
      detail: { restricted_keys: ['allowEraseContentAndSettings', 'forceWiFiPowerOn'] },
    });
  });

  it('is refused without Ab17 (403), for another store’s device (404) and for bad input (400, Chinese), changing nothing', async () => {
    const d = await enrolled({ systemRestriction: { allowCamera: false } });
    const body = { device_id: d.id, system_restriction: { allowEraseContentAndSettings: false } };
    expect((await post(viewer, 'set-system-restriction', body)).json()).toMatchObject({ statusCode: 403, code: 'PERMISSION_DENIED' });
    expect((await post(ab10, 'set-system-restriction', body)).statusCode).toBe(403);
    expect((await post(otherStoreAdmin, 'set-system-restriction', body)).json()).toMatchObject({ statusCode: 404, message: '设备不存在' });
    const unknown = await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowTeleport: false } });
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('未知的系统限制项：allowTeleport') });
    const notBool = await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowCamera: 'no' } });
    expect(notBool.json().message).toContain('allowCamera 的值应为 true 或 false');
    expect((await post(ab17, 'set-system-restriction', { device_id: d.id })).json().message).toContain('系统限制应为');
    expect((await post(ab17, 'set-system-restriction', { device_id: 'nope', system_restriction: {} })).json().message).toContain('无效的 ID');
    expect((await device(d.id)).systemRestriction).toEqual({ allowCamera: false });
    expect(await operations(d.id)).toEqual([]);
    expect(await pending(d.id)).toEqual([]);
  });

  it('refuses a phone not under management or in the recycle bin (409, Chinese)', async () => {
    const registered = await t.newIosDevice({ storeId });
    expect((await post(ab17, 'set-system-restriction', { device_id: registered.id, system_restriction: {} })).json()).toMatchObject({
      statusCode: 409,
      message: '设备尚未接入管理，无法下发指令',
    });
    const recycled = await enrolled({ recycledStatus: RecycledStatus.RECYCLED });
    expect((await post(ab17, 'set-system-restriction', { device_id: recycled.id, system_restriction: {} })).json()).toMatchObject({
      statusCode: 409,
      message: '设备在回收站中，请先移出',
    });
  });

  it('honours the Idempotency-Key: a replay answers with the first operation and queues nothing more', async () => {
    const d = await enrolled();
    const body = { device_id: d.id, system_restriction: { allowFindMyDevice: false } };
    const first = (await post(ab17, 'set-system-restriction', body, 'restrict-key-1')).json();
    const again = (await post(ab17, 'set-system-restriction', body, 'restrict-key-1')).json();
    expect(again).toEqual({ ...first, replayed: true });
    // The same key with another body is another request: refused, not answered with the first.
    expect((await post(ab17, 'set-system-restriction', { ...body, system_restriction: { allowCamera: false } }, 'restrict-key-1')).statusCode).toBe(409);
    expect(await operations(d.id)).toHaveLength(1);
    expect((await device(d.id)).systemRestriction).toEqual({ allowFindMyDevice: false });
    expect((await pending(d.id)).length).toBe(1);
  });

  it('keeps only the newest install queued: each profile carries the whole state', async () => {
    const d = await enrolled();
    const first = (await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowCamera: false } })).json();
    const second = (await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowScreenShot: false } })).json();
    expect(await operation(first.operation_log_id)).toMatchObject({ status: OperationStatus.CANCELLED, result: '已合并到之后的限制设置中一起下发' });
    expect(await onlyPendingPayload(d.id)).toMatchObject({ payload: { allowScreenShot: false }, operationLogId: second.operation_log_id });
  });

  it('sends nothing when everything is off and the phone has no restrictions profile', async () => {
    const d = await enrolled();
    const res = (await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: {} })).json();
    expect(res.status).toBe(OperationStatus.DONE);
    expect(await operation(res.operation_log_id)).toMatchObject({ status: OperationStatus.DONE, result: '设备上没有门店限制，无需下发' });
    expect(await pending(d.id)).toEqual([]);
  });

  it('removes the profile when everything is turned off while an install is with the phone', async () => {
    const d = await enrolled();
    await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowCamera: false } });
    await t.db.update(mdmCommand).set({ status: 'sent' }).where(eq(mdmCommand.deviceId, d.id));
    await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: {} });
    const rows = await pending(d.id);
    expect(rows.map((r) => r.requestType).sort()).toEqual(['InstallProfile', 'RemoveProfile']);
  });
});

describe('sync-store-default-system-restriction (Ab17)', () => {
  it('gives the device the store default, and the detail stops listing differences', async () => {
    const d = await enrolled({ systemRestriction: { allowCamera: false } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/store/default-system-restriction',
      headers: admin,
      payload: { system_restriction: { allowEraseContentAndSettings: false, allowAccountModification: false } },
    });
    const before = (await t.app.inject({ method: 'GET', url: `/api/device/ios/${d.id}`, headers: viewer })).json();
    expect(before.diff_system_restriction_keys).toEqual(['allowAccountModification', 'allowCamera', 'allowEraseContentAndSettings']);

    expect((await post(viewer, 'sync-store-default-system-restriction', { device_id: d.id })).statusCode).toBe(403);
    expect((await post(otherStoreAdmin, 'sync-store-default-system-restriction', { device_id: d.id })).statusCode).toBe(404);
    expect((await device(d.id)).systemRestriction).toEqual({ allowCamera: false });

    const op = (await post(ab17, 'sync-store-default-system-restriction', { device_id: d.id }, 'sync-1')).json();
    expect((await post(ab17, 'sync-store-default-system-restriction', { device_id: d.id }, 'sync-1')).json()).toEqual({ ...op, replayed: true });
    expect((await device(d.id)).systemRestriction).toEqual({ allowEraseContentAndSettings: false, allowAccountModification: false });
    expect((await onlyPendingPayload(d.id)).payload).toEqual({ allowAccountModification: false, allowEraseContentAndSettings: false });
    const after = (await t.app.inject({ method: 'GET', url: `/api/device/ios/${d.id}`, headers: viewer })).json();
    expect(after.diff_system_restriction_keys).toEqual([]);
    await t.app.inject({ method: 'PUT', url: '/api/store/default-system-restriction', headers: admin, payload: { system_restriction: {} } });
  });
});

describe('set-app-restriction (Ab10)', () => {
  const wechat = { app_name: '微信', bundle_id: 'com.tencent.xin' };
  const douyin = { app_name: '抖音', bundle_id: 'com.ss.iphone.ugc.Aweme' };

  it('allow-lists the chosen apps with the essential apps and the store’s global white list', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/apple-app-restriction-white-list',
      headers: admin,
      payload: { password: 'Passw0rd!x', list: [{ app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient' }] },
    });
    const d = await enrolled();
    const res = await post(ab10, 'set-app-restriction', { device_id: d.id, enable: true, type: 2, list: [wechat] });
    expect(res.statusCode).toBe(200);
    expect(await device(d.id)).toMatchObject({ appRestrictionEnable: true, appRestrictionType: 2, appRestrictionList: [wechat] });
    expect((await onlyPendingPayload(d.id)).payload).toEqual({
      allowListedAppBundleIDs: [...ESSENTIAL_APPLE_APPS.map((a) => a.bundle_id), 'com.alipay.iphoneclient', 'com.tencent.xin'],
    });
    await t.app.inject({ method: 'PUT', url: '/api/user/apple-app-restriction-white-list', headers: admin, payload: { password: 'Passw0rd!x', list: [] } });
  });

  it('is refused without Ab10, for another store’s device, and with a Chinese 400 when enabled without a type', async () => {
    const d = await enrolled();
    const body = { device_id: d.id, enable: true, type: 1, list: [douyin] };
    expect((await post(ab17, 'set-app-restriction', body)).json()).toMatchObject({ statusCode: 403, code: 'PERMISSION_DENIED' });
    expect((await post(otherStoreAdmin, 'set-app-restriction', body)).statusCode).toBe(404);
    expect((await post(ab10, 'set-app-restriction', { device_id: d.id, enable: true, list: [] })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('开启应用限制时请选择限制类型'),
    });
    expect((await post(ab10, 'set-app-restriction', { ...body, type: 3 })).json().message).toContain('应用限制类型应为 0（无）、1（黑名单）或 2（白名单）');
    expect((await post(ab10, 'set-app-restriction', { ...body, type: 2, list: [] })).json().message).toContain('白名单模式请至少添加一个应用');
    expect((await post(ab10, 'set-app-restriction', { ...body, list: [{ app_name: '坏', bundle_id: 'no spaces' }] })).json().message).toContain(
      'Bundle ID 格式有误',
    );
    expect(await device(d.id)).toMatchObject({ appRestrictionEnable: false, appRestrictionList: [] });
    expect(await operations(d.id)).toEqual([]);
  });

  it('block-lists on the phone’s iOS version: the pre-15 key on an older phone', async () => {
    const d = await enrolled({ osVersion: '14.8.1' });
    await post(ab10, 'set-app-restriction', { device_id: d.id, enable: true, type: 1, list: [douyin] }, 'app-key-1');
    expect((await post(ab10, 'set-app-restriction', { device_id: d.id, enable: true, type: 1, list: [douyin] }, 'app-key-1')).json().replayed).toBe(true);
    expect((await post(ab10, 'set-app-restriction', { device_id: d.id, enable: false }, 'app-key-1')).statusCode).toBe(409);
    expect((await onlyPendingPayload(d.id)).payload).toEqual({ blacklistedAppBundleIDs: ['com.ss.iphone.ugc.Aweme'] });
  });
});

describe('temporary-allow-enterprise-app-trust (Ab17) and its revert job', () => {
  it('validates the minutes in Chinese and refuses a phone that does not restrict enterprise trust', async () => {
    const d = await enrolled();
    for (const minutes of [4, 121, 10.5, '30']) {
      const res = await post(ab17, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes });
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('时长应为 5-120 分钟的整数') });
    }
    expect((await post(ab10, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 30 })).statusCode).toBe(403);
    const res = await post(ab17, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 30 });
    expect(res.json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('没有开启「禁止信任企业级应用」') });
    expect((await device(d.id)).enterpriseAppTrustUntil).toBeNull();
  });

  it('opens the window, then the job closes it exactly once and puts the restriction back', async () => {
    const d = await enrolled({ systemRestriction: { allowEnterpriseAppTrust: false, allowCamera: false } });
    expect((await post(otherStoreAdmin, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 30 })).statusCode).toBe(404);
    const before = Date.now();
    const op = (await post(ab17, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 30 }, 'trust-1')).json();
    expect((await post(ab17, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 30 }, 'trust-1')).json().replayed).toBe(true);
    expect((await post(ab17, 'temporary-allow-enterprise-app-trust', { device_id: d.id, minutes: 60 }, 'trust-1')).statusCode).toBe(409);
    const until = (await device(d.id)).enterpriseAppTrustUntil!;
    expect(until.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until.getTime() - before).toBeLessThan(30 * 60_000 + 5000);
    expect((await onlyPendingPayload(d.id)).payload).toEqual({ allowCamera: false, allowEnterpriseAppTrust: true });
    expect(await operation(op.operation_log_id)).toMatchObject({ action: 'temporary-allow-enterprise-app-trust', detail: { minutes: 30 } });

    const mdm = t.app.mdm;
    expect(await endEnterpriseTrustWindows(t.db, mdm, new Date(until.getTime() - 1000))).toBe(0);
    const later = new Date(until.getTime() + 1000);
    // Two server processes at once: each window is reverted by exactly one of them.
    const [a, b] = await Promise.all([endEnterpriseTrustWindows(t.db, mdm, later), endEnterpriseTrustWindows(t.db, mdm, later)]);
    expect(a + b).toBe(1);
    expect(await endEnterpriseTrustWindows(t.db, mdm, later)).toBe(0);
    expect((await device(d.id)).enterpriseAppTrustUntil).toBeNull();
    const revert = await onlyPendingPayload(d.id);
    expect(revert.payload).toEqual({ allowCamera: false, allowEnterpriseAppTrust: false });
    expect(await operation(revert.operationLogId!)).toMatchObject({
      action: 'end-enterprise-app-trust',
      clerkId: null,
      status: OperationStatus.QUEUED,
      storeId,
    });
  });
});

describe('reinstall (for the wallpaper and release areas) and the restriction state', () => {
  it('rebuilds the profile from the record: a wallpaper the hirer may not change adds allowWallpaperModification false', async () => {
    const d = await enrolled({ systemRestriction: { allowCamera: false } });
    await t.db.update(iosDevice).set({ wallpaperAllowModify: false }).where(eq(iosDevice.id, d.id));
    const service = createIosRestrictionService({
      db: t.db,
      mdm: t.app.mdm,
      devices: { load: async () => ({ device: await device(d.id), clerkName: null }) } as never,
    });
    const auth = { storeId, clerkId: null as never, sessionId: '', isAdmin: true, perms: [], modules: [] };
    const op = await service.reinstall(auth, d.id, { action: 'set-system-restriction', detail: { reason: 'wallpaper' } });
    expect((await onlyPendingPayload(d.id)).payload).toEqual({ allowCamera: false, allowWallpaperModification: false });
    expect(await operation(op.operation_log_id)).toMatchObject({ action: 'set-system-restriction', detail: { reason: 'wallpaper' } });
  });

  it('tells requested from installed, what is pending and what an unsupervised phone ignores', async () => {
    const d = await enrolled({ superviseStatus: SuperviseStatus.UNSUPERVISED });
    const op = (
      await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: { allowEraseContentAndSettings: false, allowScreenShot: false } })
    ).json();
    const res = await state(viewer, d.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      supervised: false,
      requested: {
        system_restriction: { allowEraseContentAndSettings: false, allowScreenShot: false },
        app_restriction: { enable: false },
        wallpaper_allow_modify: true,
        enterprise_app_trust_until: null,
      },
      desired_payload: { allowEraseContentAndSettings: false, allowScreenShot: false },
      installed_payload: null,
      in_sync: false,
      pending: { operation_log_id: op.operation_log_id, action: 'set-system-restriction', status: OperationStatus.QUEUED },
      ignored_without_supervision: ['allowEraseContentAndSettings'],
      essential_apps: ESSENTIAL_APPLE_APPS,
    });
    expect((await state(otherStoreAdmin, d.id)).statusCode).toBe(404);
  });

  it('forgets what the phone had once it enrolled again (erase, re-enrolment), and then removes nothing it does not have', async () => {
    const d = await enrolled({ systemRestriction: { allowCamera: false } });
    await t.db.insert(iosRestrictionProfile).values({ deviceId: d.id, installed: { allowCamera: false }, installedAt: new Date(Date.now() + 1000) });
    expect((await state(viewer, d.id)).json()).toMatchObject({ installed_payload: { allowCamera: false }, in_sync: true });
    await t.db
      .update(mdmEnrollment)
      .set({ authenticatedAt: new Date(Date.now() + 2000) })
      .where(eq(mdmEnrollment.deviceId, d.id));
    expect((await state(viewer, d.id)).json()).toMatchObject({ installed_payload: null, in_sync: false });
    const off = (await post(ab17, 'set-system-restriction', { device_id: d.id, system_restriction: {} })).json();
    expect(off.status).toBe(OperationStatus.DONE);
    expect(await pending(d.id)).toEqual([]);
  });
});
