import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, OperationStatus, OsUpdateStatus } from '@lease/shared';
import { ManagedProfileKind, managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { POLL_MS } from './os-update-timing.ts';
import { iosOsUpdateWatch } from './ios-settings.table.ts';
import { watchOsUpdates } from './os-update-watch.job.ts';

let h: MdmHarness;
let headers: { authorization: string };
const pictures: { id: string; sha256: string }[] = [];
beforeAll(async () => {
  h = await startMdmHarness();
  const s = await h.t.newStore();
  headers = (await h.t.signedIn({ storeId: s.id, isAdmin: true })).headers;
  for (const [name, background] of [
    ['还款提醒', '#c0392b'],
    ['门店海报', '#2a6f97'],
  ]) {
    const jpeg = await sharp({ create: { width: 90, height: 160, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/wallpaper/upload',
      headers,
      payload: { content: JPEG_DATA_URI_PREFIX + jpeg.toString('base64'), name },
    });
    pictures.push({ id: res.json().id, sha256: createHash('sha256').update(jpeg).digest('hex') });
  }
});
afterAll(() => h.close());

const command = async (name: string, payload: object) => {
  const res = await h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { operation_log_id: string; restriction_operation_log_id?: string };
};
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
/** finished waits for an operation to leave queued/sent and returns its row. */
const finished = (id: string) =>
  waitFor(async () => {
    const [row] = await h.t.db.select().from(operationLog).where(eq(operationLog.id, id));
    return row.status === OperationStatus.DONE || row.status === OperationStatus.FAILED ? row : null;
  });
async function enrolledPhone(options: { osVersion?: string } = {}) {
  const phone = await h.newPhone(headers, options);
  await waitFor(async () => (await device(phone.deviceId)).factsUpdatedAt);
  return phone;
}

describe('set-wallpaper on a simulated iPhone', () => {
  it('puts the picture on the screens asked (iOS 16+ pairs the first one) and the detail shows which', async () => {
    const [a, b] = pictures;
    const { phone, deviceId } = await enrolledPhone();
    const first = await finished((await command('set-wallpaper', { device_id: deviceId, wallpaper_id: a.id, where: 1, allow_modify: true })).operation_log_id);
    expect(first).toMatchObject({ status: OperationStatus.DONE, result: '壁纸已设置到锁屏和主屏幕（iOS 16 起首次设置的壁纸会同时用于锁屏和主屏幕）' });
    expect(phone.state.wallpaper).toMatchObject({ where: 1, lockScreen: { sha256: a.sha256 }, homeScreen: { sha256: a.sha256 } });

    const second = await finished((await command('set-wallpaper', { device_id: deviceId, wallpaper_id: b.id, where: 2, allow_modify: true })).operation_log_id);
    expect(second.result).toBe('壁纸已设置到主屏幕');
    expect(phone.state.wallpaper).toMatchObject({ where: 2, lockScreen: { sha256: a.sha256 }, homeScreen: { sha256: b.sha256 } });

    const shown = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/helper/wallpaper?device_id=${deviceId}`, headers })).json();
    expect(shown).toMatchObject({
      allow_modify: true,
      lock_screen: { wallpaper_id: a.id, name: '还款提醒' },
      home_screen: { wallpaper_id: b.id, name: '门店海报' },
    });
    expect(shown.home_screen.thumbnail.startsWith(JPEG_DATA_URI_PREFIX)).toBe(true);
  });

  it('sets only the screen asked on iOS 15', async () => {
    const { phone, deviceId } = await enrolledPhone({ osVersion: '15.8' });
    await finished((await command('set-wallpaper', { device_id: deviceId, wallpaper_id: pictures[0].id, where: 1, allow_modify: true })).operation_log_id);
    expect(phone.state.wallpaper.lockScreen?.sha256).toBe(pictures[0].sha256);
    expect(phone.state.wallpaper.homeScreen).toBeUndefined();
    const shown = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/helper/wallpaper?device_id=${deviceId}`, headers })).json();
    expect(shown.home_screen).toBeNull();
  });

  it('keeps the name of a picture deleted from the library before the phone answered', async () => {
    const jpeg = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#27ae60' } })
      .jpeg()
      .toBuffer();
    const upload = await h.t.app.inject({
      method: 'POST',
      url: '/api/wallpaper/upload',
      headers,
      payload: { content: JPEG_DATA_URI_PREFIX + jpeg.toString('base64'), name: '活动海报' },
    });
    const { phone, deviceId } = await enrolledPhone();
    phone.notNowFor(['Settings']);
    const op = await command('set-wallpaper', { device_id: deviceId, wallpaper_id: upload.json().id, where: 3, allow_modify: true });
    await waitFor(() => phone.state.commandLog.some((c) => c.requestType === 'Settings' && c.status === 'NotNow'));
    expect((await h.t.app.inject({ method: 'DELETE', url: `/api/wallpaper/${upload.json().id}`, headers })).statusCode).toBe(200);
    phone.clearFaults();
    await phone.connect();
    expect((await finished(op.operation_log_id)).status).toBe(OperationStatus.DONE);
    expect(phone.state.wallpaper.lockScreen?.sha256).toBe(createHash('sha256').update(jpeg).digest('hex'));
    const shown = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/helper/wallpaper?device_id=${deviceId}`, headers })).json();
    expect(shown.lock_screen).toMatchObject({ wallpaper_id: null, name: '活动海报', thumbnail: null });
  });

  it('reports a refused Wallpaper item of an acknowledged Settings command, and records nothing', async () => {
    // Supervision not known yet lets the command through; the unsupervised phone refuses the item itself.
    const phone = await h.newPhone(headers, { supervised: false, settingsResultShape: 'array' });
    await waitFor(async () => (await device(phone.deviceId)).factsUpdatedAt);
    await h.t.db.update(iosDevice).set({ superviseStatus: 0 }).where(eq(iosDevice.id, phone.deviceId));
    const op = await finished(
      (await command('set-wallpaper', { device_id: phone.deviceId, wallpaper_id: pictures[0].id, allow_modify: true })).operation_log_id,
    );
    expect(op.result).toBe('设备未能设置壁纸：The device is not supervised.（MCChaperoneErrorDomain 29000）');
    expect(phone.phone.state.wallpaper.lockScreen).toBeUndefined();
    const shown = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/helper/wallpaper?device_id=${phone.deviceId}`, headers })).json();
    expect(shown).toMatchObject({ lock_screen: null, home_screen: null });
  });

  it('with allow_modify off the restrictions profile forbids changing it; on again lifts that', async () => {
    const { phone, deviceId } = await enrolledPhone();
    const restrictions = () => phone.state.profiles[managedProfileId(ManagedProfileKind.RESTRICTIONS)]?.restrictions ?? [];
    const locked = await command('set-wallpaper', { device_id: deviceId, wallpaper_id: pictures[0].id });
    expect((await finished(locked.operation_log_id)).status).toBe(OperationStatus.DONE);
    expect((await finished(locked.restriction_operation_log_id!)).status).toBe(OperationStatus.DONE);
    expect(restrictions()).toContain('allowWallpaperModification');
    expect(phone.state.wallpaper.lockScreen?.sha256).toBe(pictures[0].sha256);

    const lifted = await command('set-wallpaper', { device_id: deviceId, wallpaper_id: pictures[1].id, allow_modify: true });
    await finished(lifted.restriction_operation_log_id!);
    expect(restrictions()).not.toContain('allowWallpaperModification');
  });
});

describe('OS updates on a simulated iPhone below iOS 17 (the MDM commands)', () => {
  const old = { osVersion: '16.5' };
  it('learns the available updates after enrolment without a click', async () => {
    const { deviceId } = await enrolledPhone(old);
    const [watch] = await h.t.db.select().from(iosOsUpdateWatch).where(eq(iosOsUpdateWatch.deviceId, deviceId));
    expect(watch.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
    await watchOsUpdates(h.t.db, h.t.app.mdm);
    const known = await waitFor(async () => {
      const d = await device(deviceId);
      return d.needOsUpdate ? d : null;
    });
    expect(known.availableOsUpdates.map((u) => u.Version)).toEqual(['16.7.10', '18.1.1']);
    const detail = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/${deviceId}`, headers })).json();
    expect(detail).toMatchObject({
      need_os_update: true,
      available_os_updates: [{ ProductKey: 'iOSUpdate20H350', DownloadSize: 442_000_000 }, { Version: '18.1.1' }],
    });
  });

  it('downloads only, then installs: the status progresses and the phone runs the new version', async () => {
    const { phone, deviceId } = await enrolledPhone(old);
    const listed = await finished((await command('get-available-os-updates', { device_id: deviceId })).operation_log_id);
    expect(listed.result).toBe('发现 2 个可用更新：iOS 16.7.10、iOS 18.1.1');

    const download = await finished(
      (await command('schedule-os-update', { device_id: deviceId, install_action: 'DownloadOnly', product_version: '16.7.10' })).operation_log_id,
    );
    expect(download.result).toBe('iOS 16.7.10：下载中 0%');
    expect(phone.state.osUpdate).toMatchObject({ productKey: 'iOSUpdate20H350', phase: 'Downloading' });
    const status = async () => (await finished((await command('get-os-update-status', { device_id: deviceId })).operation_log_id)).result;
    expect(await status()).toBe('iOS 16.7.10：下载中 50%');
    expect((await device(deviceId)).osUpdateStatus).toBe(OsUpdateStatus.DOWNLOADING);
    expect(await status()).toBe('iOS 16.7.10：已下载，等待安装');
    expect(await device(deviceId)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.DOWNLOADED,
      osUpdateProgress: { phase: 'downloaded', percent: 100 },
      osVersion: '16.5',
    });

    const install = await finished(
      (await command('schedule-os-update', { device_id: deviceId, install_action: 'InstallASAP', product_key: 'iOSUpdate20H350' })).operation_log_id,
    );
    expect(install.result).toBe('iOS 16.7.10：安装中');
    expect((await device(deviceId)).osUpdateStatus).toBe(OsUpdateStatus.INSTALLING);
    expect(await status()).toBe('iOS 16.7.10：安装结束，正在确认系统版本');
    // The phone restarted onto the new system.
    expect(phone.state).toMatchObject({ osVersion: '16.7.10', buildVersion: '20H350', rebootCount: 1 });

    // The job confirms the version from the device facts, then asks for the updates the new version still lacks.
    await watchOsUpdates(h.t.db, h.t.app.mdm, new Date(Date.now() + POLL_MS));
    const updated = await waitFor(async () => {
      const d = await device(deviceId);
      return d.osUpdateProgress?.phase === 'installed' ? d : null;
    });
    expect(updated).toMatchObject({ osVersion: '16.7.10', osUpdateStatus: OsUpdateStatus.IDLE, needOsUpdate: true });
    expect(updated.availableOsUpdates.map((u) => u.Version)).toEqual(['18.1.1']);
    await watchOsUpdates(h.t.db, h.t.app.mdm);
    await waitFor(async () => (await h.t.db.select().from(iosOsUpdateWatch).where(eq(iosOsUpdateWatch.deviceId, deviceId)))[0].checkedVersion === '16.7.10');
  });

  it('records the phone’s refusal of a schedule as a failed update', async () => {
    const { phone, deviceId } = await enrolledPhone(old);
    await finished((await command('get-available-os-updates', { device_id: deviceId })).operation_log_id);
    phone.errorFor('ScheduleOSUpdate', { code: 12021, domain: 'MCMDMErrorDomain', message: '设备存储空间不足' });
    const refused = await finished(
      (await command('schedule-os-update', { device_id: deviceId, install_action: 'InstallASAP', product_version: '18.1.1' })).operation_log_id,
    );
    expect(refused).toMatchObject({ status: OperationStatus.FAILED, result: '设备执行失败：设备存储空间不足（MCMDMErrorDomain 12021）' });
    expect(await device(deviceId)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.FAILED,
      osUpdateProgress: { phase: 'failed', message: '设备拒绝了更新指令：设备存储空间不足（MCMDMErrorDomain 12021）' },
    });
  });
});
