import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, Module, OperationStatus, OsUpdateStatus, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { validateCommand } from '../../mdm/apple/schema/validate.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { iosOsUpdateWatch } from './ios-settings.table.ts';
import { watchOsUpdates } from './os-update-watch.job.ts';

type Headers = Record<string, string>;
let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  jpeg = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const post = (url: string, headers: Headers, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/device/ios/command/${url}`, headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
const commandsOf = (deviceId: string, requestType?: string) =>
  t.db
    .select()
    .from(mdmCommand)
    .where(requestType ? and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, requestType)) : eq(mdmCommand.deviceId, deviceId));
const deviceRow = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
/** The queued command as the phone will get it; wallpapers make it larger than a device body may be. */
const queuedPlist = (payload: string) => parsePlistDict(payload, 16 * 1024 * 1024);

const UPDATES = [
  { ProductKey: 'iOSUpdate21G93', HumanReadableName: 'iOS 17.6.1', Version: '17.6.1', Build: '21G93', DownloadSize: 655_000_000, InstallSize: 2_600_000_000 },
  { ProductKey: 'iOSUpdate22B91', HumanReadableName: 'iOS 18.1.1', Version: '18.1.1', Build: '22B91', DownloadSize: 520_000_000, InstallSize: 2_100_000_000 },
];

/** store makes a store with an admin, a wallpaper in its library and a managed, supervised iPhone. */
async function store(values: { modules?: Module[] } = {}) {
  const s = await t.newStore(values);
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const device = await t.newIosDevice({
    storeId: s.id,
    enrolled: true,
    superviseStatus: SuperviseStatus.SUPERVISED,
    // Below iOS 17: the MDM command path (os-update-ddm.routes.test.ts has iOS 17+).
    osVersion: '16.7',
    availableOsUpdates: UPDATES,
  });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/wallpaper/upload',
    headers: admin.headers,
    payload: { content: JPEG_DATA_URI_PREFIX + jpeg.toString('base64'), name: '还款提醒' },
  });
  return { storeId: s.id, headers: admin.headers, device, wallpaperId: uploaded.json().id as string };
}

describe('POST command/set-wallpaper', () => {
  it('queues a Settings command carrying the picture, valid against Apple’s schema, and logs it', async () => {
    const { headers, device, wallpaperId } = await store();
    const res = await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId, where: 1, allow_modify: true });
    expect(res.statusCode).toBe(200);
    const [cmd] = await commandsOf(device.id, 'Settings');
    const plist = queuedPlist(cmd.payload);
    expect(validateCommand(plist)).toEqual([]);
    expect(plist.Command).toMatchObject({ RequestType: 'Settings', Settings: [{ Item: 'Wallpaper', Where: 1 }] });
    expect((plist.Command as { Settings: { Image: Buffer }[] }).Settings[0].Image.equals(jpeg)).toBe(true);
    expect(await operation(res.json().operation_log_id)).toMatchObject({
      action: 'set-wallpaper',
      status: OperationStatus.QUEUED,
      detail: { wallpaper_id: wallpaperId, wallpaper_name: '还款提醒', where: 1, allow_modify: true },
    });
    // allow_modify true on a phone that already allows it: no restrictions re-install.
    expect(await commandsOf(device.id, 'InstallProfile')).toHaveLength(0);
  });

  it('defaults to both screens and allow_modify false, which locks the wallpaper through the restrictions profile; true lifts it', async () => {
    const { headers, device, wallpaperId } = await store();
    const res = await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(queuedPlist((await commandsOf(device.id, 'Settings'))[0].payload).Command).toMatchObject({ Settings: [{ Where: 3 }] });
    expect((await deviceRow(device.id)).wallpaperAllowModify).toBe(false);
    expect(await operation(body.restriction_operation_log_id)).toMatchObject({ action: 'set-system-restriction', detail: { reason: 'wallpaper' } });
    expect(await commandsOf(device.id, 'InstallProfile')).toHaveLength(1);

    // Again with allow_modify false: nothing to change in the profile.
    expect(
      (await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId, allow_modify: false })).json().restriction_operation_log_id,
    ).toBeUndefined();
    const lifted = (await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId, allow_modify: true })).json();
    // A real operation of the restrictions profile, not just any value: null or a stray id would fail here.
    expect(await operation(lifted.restriction_operation_log_id)).toMatchObject({ action: 'set-system-restriction', detail: { reason: 'wallpaper' } });
    expect(lifted.restriction_operation_log_id).not.toBe(body.restriction_operation_log_id);
    expect((await deviceRow(device.id)).wallpaperAllowModify).toBe(true);
  });

  it('queues once for a repeated Idempotency-Key, restrictions re-install included', async () => {
    const { headers, device, wallpaperId } = await store();
    const payload = { device_id: device.id, wallpaper_id: wallpaperId, where: 2 };
    const [a, b] = await Promise.all([post('set-wallpaper', headers, payload, 'wp-key-1'), post('set-wallpaper', headers, payload, 'wp-key-1')]);
    expect(a.json().operation_log_id).toBe(b.json().operation_log_id);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(await commandsOf(device.id, 'Settings')).toHaveLength(1);
    expect(await commandsOf(device.id, 'InstallProfile')).toHaveLength(1);
  });

  it('needs Ab3 (403) and the Apple module', async () => {
    const { storeId, device, wallpaperId } = await store();
    const clerk = await t.signedIn({ storeId, permission: 'Aa3,Ab17' });
    const res = await post('set-wallpaper', clerk.headers, { device_id: device.id, wallpaper_id: wallpaperId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    const allowed = await t.signedIn({ storeId, permission: 'Aa3,Ab3' });
    expect((await post('set-wallpaper', allowed.headers, { device_id: device.id, wallpaper_id: wallpaperId, allow_modify: true })).statusCode).toBe(200);

    const android = await store({ modules: [Module.ANDROID] });
    expect((await post('set-wallpaper', android.headers, { device_id: android.device.id, wallpaper_id: android.wallpaperId })).statusCode).toBe(403);
    expect(await commandsOf(android.device.id)).toHaveLength(0);
  });

  it('answers 404 for another store’s device or wallpaper, and queues nothing', async () => {
    const mine = await store();
    const theirs = await store();
    const foreignDevice = await post('set-wallpaper', mine.headers, { device_id: theirs.device.id, wallpaper_id: mine.wallpaperId });
    expect(foreignDevice.statusCode).toBe(404);
    const foreignPicture = await post('set-wallpaper', mine.headers, { device_id: mine.device.id, wallpaper_id: theirs.wallpaperId });
    expect(foreignPicture.statusCode).toBe(404);
    expect(foreignPicture.json().message).toBe('壁纸不存在');
    expect(await commandsOf(mine.device.id)).toHaveLength(0);
    expect(await commandsOf(theirs.device.id)).toHaveLength(0);
    expect((await deviceRow(mine.device.id)).wallpaperAllowModify).toBe(true);
    const seen = await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/wallpaper?device_id=${theirs.device.id}`, headers: mine.headers });
    expect(seen.statusCode).toBe(404);
  });

  it.each([
    ['where 4', { where: 4 }, '壁纸位置只能是 1（锁屏）、2（主屏幕）或 3（两者）'],
    ['where as text', { where: 'lock' }, '壁纸位置只能是 1（锁屏）、2（主屏幕）或 3（两者）'],
    ['a wallpaper id that is no uuid', { wallpaper_id: 'abc' }, '无效的 ID'],
    ['allow_modify as text', { allow_modify: 'no' }, '是否允许更换壁纸只能是 true 或 false'],
  ])('refuses %s with a Chinese 400 and queues nothing', async (_name, change, message) => {
    const { headers, device, wallpaperId } = await store();
    const res = await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await commandsOf(device.id)).toHaveLength(0);
  });

  it('refuses unsupervised, unenrolled and recycled phones with a Chinese 409', async () => {
    const { storeId, headers, wallpaperId } = await store();
    const cases = [
      [{ superviseStatus: SuperviseStatus.UNSUPERVISED }, '设备未处于监管模式'],
      [{ recycledStatus: RecycledStatus.RECYCLED }, '设备在回收站中'],
      [{ enrolled: false }, '设备尚未接入管理'],
    ] as const;
    for (const [values, message] of cases) {
      const device = await t.newIosDevice({ storeId, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED, ...values });
      const res = await post('set-wallpaper', headers, { device_id: device.id, wallpaper_id: wallpaperId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(message);
      expect(await commandsOf(device.id)).toHaveLength(0);
    }
  });
});

describe('OS update commands', () => {
  it('lets any clerk who sees the phone ask for available updates and status, with valid commands', async () => {
    const { storeId, device } = await store();
    const clerk = await t.signedIn({ storeId, permission: 'Aa3' });
    for (const [name, requestType] of [
      ['get-available-os-updates', 'AvailableOSUpdates'],
      ['get-os-update-status', 'OSUpdateStatus'],
    ]) {
      const res = await post(name, clerk.headers, { device_id: device.id });
      expect(res.statusCode).toBe(200);
      expect(await operation(res.json().operation_log_id)).toMatchObject({ action: name, status: OperationStatus.QUEUED });
      const [cmd] = await commandsOf(device.id, requestType);
      expect(validateCommand(queuedPlist(cmd.payload))).toEqual([]);
    }
    // A clerk without list:view-all does not see someone else's phone.
    const own = await t.signedIn({ storeId, permission: '' });
    expect((await post('get-os-update-status', own.headers, { device_id: device.id })).statusCode).toBe(404);
  });

  it('schedules one of the phone’s updates by product key or version, recording the pending state', async () => {
    const { headers, device } = await store();
    const byVersion = await post('schedule-os-update', headers, { device_id: device.id, install_action: 'DownloadOnly', product_version: '18.1.1' });
    expect(byVersion.statusCode).toBe(200);
    const [cmd] = await commandsOf(device.id, 'ScheduleOSUpdate');
    const plist = queuedPlist(cmd.payload);
    expect(validateCommand(plist)).toEqual([]);
    expect(plist.Command).toMatchObject({ Updates: [{ ProductKey: 'iOSUpdate22B91', InstallAction: 'DownloadOnly' }] });
    expect(await deviceRow(device.id)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.DOWNLOADING,
      osUpdateProgress: { product_key: 'iOSUpdate22B91', version: '18.1.1', install_action: 'DownloadOnly', phase: 'scheduled', percent: null },
    });

    // A newer choice replaces the pending one: the phone gets one schedule.
    const byKey = await post('schedule-os-update', headers, { device_id: device.id, install_action: 'InstallASAP', product_key: 'iOSUpdate21G93' }, 'os-key');
    expect(byKey.statusCode).toBe(200);
    const again = await post('schedule-os-update', headers, { device_id: device.id, install_action: 'InstallASAP', product_key: 'iOSUpdate21G93' }, 'os-key');
    expect(again.json()).toMatchObject({ operation_log_id: byKey.json().operation_log_id, replayed: true });
    const pending = (await commandsOf(device.id, 'ScheduleOSUpdate')).filter((c) => c.status === 'queued');
    expect(pending).toHaveLength(1);
    expect(queuedPlist(pending[0].payload).Command).toMatchObject({ Updates: [{ ProductKey: 'iOSUpdate21G93', InstallAction: 'InstallASAP' }] });
  });

  it.each([
    [
      'an unknown install action',
      { install_action: 'InstallLater', product_key: 'iOSUpdate21G93' },
      '更新方式只能是 DownloadOnly（仅下载）或 InstallASAP（立即安装）',
    ],
    ['no update named', { install_action: 'DownloadOnly' }, '请选择要安装的系统更新'],
    ['a malformed version', { install_action: 'DownloadOnly', product_version: '18.x' }, '系统版本格式有误'],
    ['an update the phone does not offer', { install_action: 'DownloadOnly', product_version: '19.0' }, '所选更新不在设备的可用更新列表中'],
  ])('refuses %s with a Chinese 400 and queues nothing', async (_name, body, message) => {
    const { headers, device } = await store();
    const res = await post('schedule-os-update', headers, { device_id: device.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await commandsOf(device.id)).toHaveLength(0);
    expect((await deviceRow(device.id)).osUpdateProgress).toBeNull();
  });

  it('refuses a new schedule while an update installs, and another store’s phone', async () => {
    const mine = await store();
    const theirs = await store();
    await t.db.update(iosDevice).set({ osUpdateStatus: OsUpdateStatus.INSTALLING }).where(eq(iosDevice.id, mine.device.id));
    const busy = await post('schedule-os-update', mine.headers, { device_id: mine.device.id, install_action: 'InstallASAP', product_version: '17.6.1' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('设备正在安装系统更新，请等安装结束后再操作');
    for (const name of ['get-available-os-updates', 'schedule-os-update', 'get-os-update-status']) {
      const res = await post(name, mine.headers, { device_id: theirs.device.id, install_action: 'InstallASAP', product_version: '17.6.1' });
      expect(res.statusCode, name).toBe(404);
    }
    expect(await commandsOf(theirs.device.id)).toHaveLength(0);
  });
});

describe('OS-update watch job', () => {
  it('asks due phones for their updates once, even from two processes at once, and polls running updates', async () => {
    const { storeId, device } = await store();
    const unsupervised = await t.newIosDevice({ storeId, enrolled: true, superviseStatus: SuperviseStatus.UNSUPERVISED });
    const now = new Date();
    await t.db.insert(iosOsUpdateWatch).values([
      { deviceId: device.id, nextCheckAt: new Date(now.getTime() - 1000) },
      { deviceId: unsupervised.id, nextCheckAt: new Date(now.getTime() - 1000) },
    ]);
    await Promise.all([watchOsUpdates(t.db, t.app.mdm, now), watchOsUpdates(t.db, t.app.mdm, now)]);
    const asked = await commandsOf(device.id, 'AvailableOSUpdates');
    expect(asked).toHaveLength(1);
    expect(validateCommand(queuedPlist(asked[0].payload))).toEqual([]);
    expect(await commandsOf(unsupervised.id)).toHaveLength(0);
    // Not due again until a day later.
    await watchOsUpdates(t.db, t.app.mdm, new Date(now.getTime() + 60_000));
    expect(await commandsOf(device.id, 'AvailableOSUpdates')).toHaveLength(1);

    // A running update is polled; one that ran past its deadline ends as failed.
    const progress = {
      product_key: 'iOSUpdate21G93',
      version: '17.6.1',
      install_action: 'InstallASAP',
      phase: 'downloading',
      percent: 50,
      updated_at: now.toISOString(),
    };
    await t.db.update(iosDevice).set({ osUpdateStatus: OsUpdateStatus.DOWNLOADING, osUpdateProgress: progress }).where(eq(iosDevice.id, device.id));
    await t.db
      .update(iosOsUpdateWatch)
      .set({ nextPollAt: now, pollUntil: new Date(now.getTime() + 3_600_000) })
      .where(eq(iosOsUpdateWatch.deviceId, device.id));
    await watchOsUpdates(t.db, t.app.mdm, now);
    expect(await commandsOf(device.id, 'OSUpdateStatus')).toHaveLength(1);
    await watchOsUpdates(t.db, t.app.mdm, new Date(now.getTime() + 2 * 3_600_000));
    expect(await deviceRow(device.id)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.FAILED,
      osUpdateProgress: { phase: 'failed', message: '设备长时间未完成此更新' },
    });
    const [watch] = await t.db.select().from(iosOsUpdateWatch).where(eq(iosOsUpdateWatch.deviceId, device.id));
    expect(watch.nextPollAt).toBeNull();
  });
});
