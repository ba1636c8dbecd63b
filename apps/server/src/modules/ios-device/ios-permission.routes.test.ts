import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AbmStatus, JPEG_DATA_URI_PREFIX, LockStatus, Module, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { TEST_PASSWORD, type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

// The permission matrix of the Apple device calls (spec §3), like the Android one in android-operation.routes.test.ts:
// each call refused with 403 PERMISSION_DENIED to a clerk holding every other code, with nothing queued, logged or
// changed, and answered to a clerk holding only that code (with Aa3 to see the store's phones).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
interface Ctx {
  storeId: string;
  deviceId: string;
  targetClerkId: string;
  scheduledOpId: string;
  wallpaperId: string;
}
interface Call {
  name: string;
  perm: string;
  /** the device the call needs: enrolled, locked (lost mode) or in the recycle bin. */
  device?: Partial<typeof iosDevice.$inferInsert>;
  request: (c: Ctx) => { method: 'GET' | 'POST'; url: string; payload?: object };
  /** allowed: the answer of a clerk holding only the code when it is not 200 (the call passed the permission check
   * and stopped at a later rule of its own); the default is 200. */
  allowed?: { statusCode: number; message: string };
}

const command =
  (name: string, body: (c: Ctx) => object = () => ({})) =>
  (c: Ctx) => ({
    method: 'POST' as const,
    url: `/api/device/ios/command/${name}`,
    payload: { device_id: c.deviceId, ...body(c) },
  });

const CALLS: Call[] = [
  { name: 'lock', perm: 'Ab4', request: command('lock', () => ({ message: '请联系门店' })) },
  { name: 'unlock', perm: 'Ab5', device: { lockStatus: LockStatus.LOCKED }, request: command('unlock') },
  { name: 'play-lost-mode-sound', perm: 'Ab8', device: { lockStatus: LockStatus.LOCKED }, request: command('play-lost-mode-sound') },
  { name: 'reboot', perm: 'Ab6', request: command('reboot') },
  { name: 'clear-passcode', perm: 'Ab9', request: command('clear-passcode', () => ({ password: TEST_PASSWORD })) },
  { name: 'move-to-recycle-bin', perm: 'Ab21', request: command('move-to-recycle-bin') },
  { name: 'restore-from-recycle-bin', perm: 'Ab21', device: { recycledStatus: RecycledStatus.RECYCLED }, request: command('restore-from-recycle-bin') },
  { name: 'remove', perm: 'Ab21', device: { recycledStatus: RecycledStatus.RECYCLED }, request: command('remove') },
  {
    name: 'cancel-schedule-enable-lost-mode',
    perm: 'Ab4',
    request: (c) => ({ method: 'POST', url: '/api/device/ios/operation-log/cancel-schedule-enable-lost-mode', payload: { operation_log_id: c.scheduledOpId } }),
  },
  {
    name: 'change-for-clerk',
    perm: 'Aa4',
    request: (c) => ({ method: 'POST', url: '/api/device/ios/change-for-clerk', payload: { device_ids: [c.deviceId], for_clerk: c.targetClerkId } }),
  },
  {
    name: 'new',
    perm: 'Aa2',
    request: () => ({ method: 'POST', url: '/api/device/ios/new', payload: { serial_numbers: [`PERM${Date.now().toString(36).toUpperCase().slice(-8)}`] } }),
  },
  { name: 'enrollment-profile', perm: 'Aa2', request: () => ({ method: 'GET', url: '/api/device/ios/enrollment-profile' }) },
  // The other Apple commands of spec §7, each declared in its own module's routes.
  { name: 'set-wallpaper', perm: 'Ab3', request: command('set-wallpaper', (c) => ({ wallpaper_id: c.wallpaperId })) },
  { name: 'set-system-restriction', perm: 'Ab17', request: command('set-system-restriction', () => ({ system_restriction: { allowCamera: false } })) },
  { name: 'sync-store-default-system-restriction', perm: 'Ab17', request: command('sync-store-default-system-restriction') },
  {
    name: 'temporary-allow-enterprise-app-trust',
    perm: 'Ab17',
    request: command('temporary-allow-enterprise-app-trust', () => ({ minutes: 30 })),
    allowed: { statusCode: 409, message: '该设备没有开启「禁止信任企业级应用」，企业级应用本来就可以信任，无需临时放开' },
  },
  { name: 'set-global-http-proxy', perm: 'Ab17', request: command('set-global-http-proxy') },
  { name: 'remove-global-http-proxy', perm: 'Ab17', request: command('remove-global-http-proxy') },
  { name: 'set-dns-setting', perm: 'Ab17', request: command('set-dns-setting', () => ({ protocol: 'TLS', server_name: 'dot.pub' })) },
  { name: 'clear-dns-setting', perm: 'Ab17', request: command('clear-dns-setting') },
  {
    name: 'set-app-restriction',
    perm: 'Ab10',
    request: command('set-app-restriction', () => ({ enable: true, type: 2, list: [{ app_name: '微信', bundle_id: 'com.tencent.xin' }] })),
  },
  { name: 'install-apps', perm: 'Ab10', request: command('install-apps', () => ({ apps: [{ app_name: 'QQ', bundle_id: 'com.tencent.mqq' }] })) },
  {
    name: 'turn-on-activation-lock',
    perm: 'Ab11',
    request: command('turn-on-activation-lock', () => ({ password: TEST_PASSWORD })),
    // Apple's side (ABM) is in activation-lock.routes.test.ts; here the call must pass the code and stop at the token.
    allowed: { statusCode: 409, message: '门店尚未配置 ABM 令牌（Apple 商务管理），无法开启激活锁。请管理员在「更新 ABM 令牌」页面上传服务器令牌后重试' },
  },
  {
    name: 'turn-off-activation-lock',
    perm: 'Ab19',
    request: command('turn-off-activation-lock', () => ({ password: TEST_PASSWORD })),
    allowed: { statusCode: 409, message: '激活锁未开启' },
  },
  {
    name: 'get-activation-lock-password',
    perm: 'Ab12',
    request: command('get-activation-lock-password', () => ({ password: TEST_PASSWORD })),
    allowed: { statusCode: 409, message: '服务器没有此设备的激活锁密码（尚未开启激活锁）' },
  },
  { name: 'erase', perm: 'Ab14', request: command('erase', () => ({ password: TEST_PASSWORD })) },
  {
    name: 'abm-unbind',
    perm: 'Ab15',
    device: { abmStatus: AbmStatus.ASSIGNED },
    request: command('abm-unbind', () => ({ password: TEST_PASSWORD })),
    allowed: { statusCode: 409, message: '门店未配置 ABM（Apple 商务管理）服务器令牌，请管理员先在“ABM 设置”中上传' },
  },
  { name: 'remove-main-profile', perm: 'Ab20', request: command('remove-main-profile', () => ({ password: TEST_PASSWORD })) },
  { name: 'one-click-unlock-prevalidation', perm: 'Ab22', device: { lockStatus: LockStatus.LOCKED }, request: command('one-click-unlock-prevalidation') },
  {
    name: 'one-click-unlock',
    perm: 'Ab22',
    device: { lockStatus: LockStatus.LOCKED },
    request: command('one-click-unlock', () => ({ mode: 'keep-data', password: TEST_PASSWORD })),
    // Past the route's Ab22, the run itself checks the codes of each of its steps.
    allowed: {
      statusCode: 409,
      message:
        '无法执行结清释放：解除锁定（退出丢失模式）——没有“解锁（退出丢失模式）”权限（Ab5）；移除管理描述文件——没有“移除管理描述文件”权限（Ab20）；移入回收站——没有“移入回收站”权限（Ab21）',
    },
  },
  { name: 'one-click-unlock-status', perm: 'Ab22', request: command('one-click-unlock-status') },
  {
    name: 'one-click-unlock-resume',
    perm: 'Ab22',
    request: command('one-click-unlock-resume', () => ({ password: TEST_PASSWORD })),
    allowed: { statusCode: 409, message: '该设备没有可继续的结清释放' },
  },
];
const ALL_PERMS = [...new Set(['Aa3', 'Db1', ...CALLS.map((c) => c.perm)])];
// Every store module, so the proxy calls (module apple-global-http-proxy) reach their permission check.
const MODULES = Object.values(Module);

const jpeg = sharp({ create: { width: 90, height: 160, channels: 3, background: '#2a6f97' } })
  .jpeg()
  .toBuffer();
const send = (headers: Headers, r: { method: 'GET' | 'POST'; url: string; payload?: object }) => t.app.inject({ ...r, headers });
const commandsOf = (deviceId: string) => t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
const logsOf = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));
const rowOf = async (deviceId: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0];
const storeDevices = (storeId: string) => t.db.select().from(iosDevice).where(eq(iosDevice.storeId, storeId));

/** setUp: a store, a phone as the call needs it, a colleague to hand it to, and a scheduled lock to cancel. */
async function setUp(call: Call) {
  const s = await t.newStore({ modules: MODULES });
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const target = await t.newClerk({ storeId: s.id });
  const d = await t.newIosDevice({ storeId: s.id, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED, osVersion: '17.5.1', ...call.device });
  let scheduledOpId = '';
  let wallpaperId = '';
  if (call.name === 'set-wallpaper') {
    const content = JPEG_DATA_URI_PREFIX + (await jpeg).toString('base64');
    const res = await send(admin.headers, { method: 'POST', url: '/api/wallpaper/upload', payload: { content, name: '还款提醒' } });
    expect(res.statusCode, res.body).toBe(200);
    wallpaperId = res.json().id;
  }
  if (call.name === 'install-apps') {
    const payload = { platform: 'apple', app_name: 'QQ', bundle_id: 'com.tencent.mqq', track_id: '444934666' };
    expect((await send(admin.headers, { method: 'POST', url: '/api/appstore/new', payload })).statusCode).toBe(200);
  }
  if (call.name === 'set-global-http-proxy') {
    const payload = { pac_url: 'https://pac.zujibao.test/proxy.pac' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/store/global-http-proxy', headers: admin.headers, payload })).statusCode).toBe(200);
  }
  if (call.name === 'cancel-schedule-enable-lost-mode') {
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const res = await send(admin.headers, { method: 'POST', url: '/api/device/ios/command/lock', payload: { device_id: d.id, message: '到期未还款', when } });
    expect(res.statusCode, res.body).toBe(200);
    scheduledOpId = res.json().operation_log_id;
  }
  return { s, d: (await rowOf(d.id))!, ctx: { storeId: s.id, deviceId: d.id, targetClerkId: target.id, scheduledOpId, wallpaperId } };
}

describe('Apple permission codes', () => {
  it.each(CALLS)('$name needs $perm: a clerk lacking it gets 403 PERMISSION_DENIED and nothing happens; holding only it works', async (call) => {
    const { s, d, ctx } = await setUp(call);
    const logsBefore = await logsOf(d.id);
    const lacking = await t.signedIn({ storeId: s.id, permission: ALL_PERMS.filter((p) => p !== call.perm).join(',') });
    const holding = await t.signedIn({ storeId: s.id, permission: `Aa3,${call.perm}` });

    const refused = await send(lacking.headers, call.request(ctx));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect(await commandsOf(d.id)).toHaveLength(0);
    expect(await logsOf(d.id)).toEqual(logsBefore);
    expect(await rowOf(d.id)).toEqual(d);
    expect(await storeDevices(s.id)).toHaveLength(1);

    const allowed = await send(holding.headers, call.request(ctx));
    if (call.allowed) expect(allowed.json()).toMatchObject(call.allowed);
    else expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('a clerk without Aa3', () => {
  it('gets 404 on a colleague’s iPhone for every call, and reaches their own', async () => {
    const s = await t.newStore();
    const colleague = await t.newClerk({ storeId: s.id });
    const me = await t.signedIn({ storeId: s.id, permission: ALL_PERMS.filter((p) => p !== 'Aa3').join(',') });
    const theirs = await t.newIosDevice({ storeId: s.id, enrolled: true, clerkId: colleague.id, lockStatus: LockStatus.LOCKED });
    const before = await rowOf(theirs.id);
    const ctx = { storeId: s.id, deviceId: theirs.id, targetClerkId: me.clerk.id, scheduledOpId: '', wallpaperId: '' };
    const names = ['lock', 'unlock', 'play-lost-mode-sound', 'reboot', 'clear-passcode', 'move-to-recycle-bin', 'change-for-clerk'];
    for (const call of CALLS.filter((c) => names.includes(c.name))) {
      const res = await send(me.headers, call.request(ctx));
      expect(res.statusCode, `${call.name}: ${res.body}`).toBe(404);
    }
    for (const url of [`/api/device/ios/${theirs.id}`, `/api/device/ios/operation-log?device_id=${theirs.id}`]) {
      expect((await send(me.headers, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await send(me.headers, { method: 'POST', url: '/api/device/ios/command/get-hirer-phone', payload: { device_id: theirs.id } })).statusCode).toBe(
      404,
    );
    expect(await rowOf(theirs.id)).toEqual(before);
    expect(await commandsOf(theirs.id)).toHaveLength(0);
    expect(await logsOf(theirs.id)).toHaveLength(0);

    const mine = await t.newIosDevice({ storeId: s.id, enrolled: true, clerkId: me.clerk.id });
    expect((await send(me.headers, command('lock', () => ({ message: '请联系门店' }))({ ...ctx, deviceId: mine.id }))).statusCode).toBe(200);
    expect((await send(me.headers, { method: 'GET', url: `/api/device/ios/${mine.id}` })).statusCode).toBe(200);
  });
});
