import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus, OsUpdateStatus, SuperviseStatus } from '@lease/shared';
import { type MockGdmf, startMockGdmf } from '@lease/device-sim';
import { createSoftwareLookup, offlineSoftwareLookup } from '../../adapters/apple-software-lookup/software-lookup.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { type DdmTestPhone, ddm, enrolledPhone } from '../../mdm/apple/ddm/ddm.test-kit.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { validateDeclaration } from '../../mdm/apple/schema/validate-declarative.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { createIosOsUpdateService } from './ios-os-update.service.ts';
import { ENFORCEMENT_TYPE, SETTINGS_TYPE, localDateTime } from './os-update-ddm.ts';
import { watchOsUpdates } from './os-update-watch.job.ts';

/**
 * OS updates of iOS 17+ phones through Declarative Device Management, on the real app: the phones here speak the
 * DDM check-in protocol byte for byte (ddm.test-kit.ts), so what they fetch is what an iPhone would install.
 */
type Headers = Record<string, string>;
let t: TestApp;
let gdmf: MockGdmf;
beforeAll(async () => {
  gdmf = await startMockGdmf();
  t = await buildTestApp({ SOFTWARE_LOOKUP_ORIGIN: gdmf.origin });
});
afterAll(async () => {
  await t.close();
  await gdmf.close();
});

const REMOVED = ['ScheduleOSUpdate', 'AvailableOSUpdates', 'OSUpdateStatus', 'ScheduleOSUpdateScan'];
const post = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const command = (name: string, headers: Headers, payload: object) => post(`/api/device/ios/command/${name}`, headers, payload);
const commandsOf = (deviceIds: string[], types: string[]) =>
  t.db
    .select()
    .from(mdmCommand)
    .where(and(inArray(mdmCommand.deviceId, deviceIds), inArray(mdmCommand.requestType, types)));
const deviceRow = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];

/** declarationsOf syncs like an iPhone (tokens, manifest, each configuration) and returns the configurations by type. */
async function declarationsOf(phone: DdmTestPhone) {
  expect((await ddm(t, phone, 'tokens')).statusCode).toBe(200);
  const manifest = (await ddm(t, phone, 'declaration-items')).json();
  const out: Record<string, unknown>[] = [];
  for (const item of manifest.Declarations.Configurations as { Identifier: string }[]) {
    const res = await ddm(t, phone, `declaration/configuration/${item.Identifier}`);
    expect(res.statusCode).toBe(200);
    expect(validateDeclaration(res.json()), item.Identifier).toEqual([]);
    out.push(res.json());
  }
  return (type: string) => out.filter((d) => d.Type === type) as { Identifier: string; Payload: Record<string, unknown> }[];
}

/** shop is a store with an admin and a supervised iPhone 14 Pro (iPhone15,2) on this iOS version, enrolled for DDM. */
async function shop(osVersion = '18.1') {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const phone = await enrolledPhone(t, s.id, osVersion);
  await t.db.update(iosDevice).set({ model: 'iPhone15,2', superviseStatus: SuperviseStatus.SUPERVISED }).where(eq(iosDevice.id, phone.deviceId));
  return { storeId: s.id, headers: admin.headers, phone };
}

describe('an iOS 18 phone', () => {
  it('is offered Apple’s releases for its hardware, newer than its system, without a command', async () => {
    const { headers, phone } = await shop('18.1');
    const res = await command('get-available-os-updates', headers, { device_id: phone.deviceId });
    expect(res.statusCode).toBe(200);
    const op = await operation(res.json().operation_log_id);
    expect(op).toMatchObject({ status: OperationStatus.DONE, action: 'get-available-os-updates' });
    expect(op.result).toContain('发现 3 个可用更新：iOS 26.1、iOS 18.6.2、iOS 18.1.1');
    expect(op.result).toContain(`来源：Apple 软件查询服务（${gdmf.origin}）`);
    expect(await deviceRow(phone.deviceId)).toMatchObject({ needOsUpdate: true });
    expect((await deviceRow(phone.deviceId)).availableOsUpdates.map((u) => u.Version)).toEqual(['26.1', '18.6.2', '18.1.1']);
    const info = (await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/os-update-policy?device_id=${phone.deviceId}`, headers })).json();
    expect(info).toMatchObject({ path: 'ddm', list_source: { live: true }, deferral: { effective_days: null } });
    expect(await commandsOf([phone.deviceId], REMOVED)).toEqual([]);
  });

  it('gets the update enforced by declaration, with the deadline in the phone’s local time', async () => {
    const { headers, phone } = await shop('18.1');
    const before = Date.now();
    const res = await command('schedule-os-update', headers, { device_id: phone.deviceId, install_action: 'InstallASAP', product_version: '18.6.2' });
    expect(res.statusCode, res.body).toBe(200);
    const op = await operation(res.json().operation_log_id);
    expect(op.status).toBe(OperationStatus.DONE);
    expect(op.result).toMatch(/^已下发更新声明：iOS 18\.6\.2（22G100），设备下载后最迟于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:00（北京时间）自动安装$/);

    const enforced = (await declarationsOf(phone))(ENFORCEMENT_TYPE);
    expect(enforced).toHaveLength(1);
    const { TargetOSVersion, TargetBuildVersion, TargetLocalDateTime } = enforced[0].Payload as Record<string, string>;
    expect({ TargetOSVersion, TargetBuildVersion }).toEqual({ TargetOSVersion: '18.6.2', TargetBuildVersion: '22G100' });
    // Half an hour on (rounded up to the minute), as Beijing time without an offset.
    const lo = localDateTime(new Date(before + 29 * 60_000));
    const hi = localDateTime(new Date(Date.now() + 31 * 60_000));
    expect(TargetLocalDateTime >= lo && TargetLocalDateTime <= hi, TargetLocalDateTime).toBe(true);
    expect(await deviceRow(phone.deviceId)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.DOWNLOADING,
      osUpdateProgress: { path: 'ddm', version: '18.6.2', build: '22G100', phase: 'scheduled', deadline: TargetLocalDateTime },
    });
    expect(await commandsOf([phone.deviceId], ['DeclarativeManagement'])).toHaveLength(1);

    // DownloadOnly: a week on, which the clerk sees on the record.
    await command('schedule-os-update', headers, { device_id: phone.deviceId, install_action: 'DownloadOnly', product_version: '26.1' });
    const later = (await declarationsOf(phone))(ENFORCEMENT_TYPE)[0].Payload;
    expect(later).toMatchObject({ TargetOSVersion: '26.1', TargetLocalDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/) });
    expect(Date.parse(`${later.TargetLocalDateTime}+08:00`) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await commandsOf([phone.deviceId], REMOVED)).toEqual([]);
  });

  it('records the install state the phone reports, answers status from it, and ends when the phone runs the target', async () => {
    const { headers, phone } = await shop('18.1');
    await command('schedule-os-update', headers, { device_id: phone.deviceId, install_action: 'InstallASAP', product_version: '18.6.2' });
    const report = (items: Record<string, unknown>) => ddm(t, phone, 'status', { StatusItems: items });
    expect(
      (await report({ softwareupdate: { 'install-state': 'downloading', 'pending-version': { 'os-version': '18.6.2', 'build-version': '22G100' } } }))
        .statusCode,
    ).toBe(200);
    expect(await deviceRow(phone.deviceId)).toMatchObject({ osUpdateStatus: OsUpdateStatus.DOWNLOADING, osUpdateProgress: { phase: 'downloading' } });

    const asked = await command('get-os-update-status', headers, { device_id: phone.deviceId });
    expect(await operation(asked.json().operation_log_id)).toMatchObject({
      status: OperationStatus.DONE,
      result: '系统更新状态：下载中；待装版本 iOS 18.6.2（22G100）',
    });
    const info = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/os-update-policy?device_id=${phone.deviceId}`, headers })).json();
    expect(await info()).toMatchObject({ install_state: 'downloading', pending_version: '18.6.2', failure_reason: null });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/device/ios/${phone.deviceId}`, headers })).json();
    expect(detail).toMatchObject({ os_update_status: OsUpdateStatus.DOWNLOADING, os_update_progress: { phase: 'downloading', path: 'ddm' } });

    await report({ softwareupdate: { 'install-state': 'installing' } });
    expect((await deviceRow(phone.deviceId)).osUpdateStatus).toBe(OsUpdateStatus.INSTALLING);
    await report({ softwareupdate: { 'install-state': 'none' }, device: { 'operating-system': { version: '18.6.2', 'build-version': '22G100' } } });
    expect(await deviceRow(phone.deviceId)).toMatchObject({
      osVersion: '18.6.2',
      osUpdateStatus: OsUpdateStatus.IDLE,
      osUpdateProgress: { phase: 'installed' },
    });
    expect((await declarationsOf(phone))(ENFORCEMENT_TYPE)).toEqual([]);
    expect(await commandsOf([phone.deviceId], REMOVED)).toEqual([]);
  });

  it('records a failure with the phone’s reason', async () => {
    const { headers, phone } = await shop('18.1');
    await command('schedule-os-update', headers, { device_id: phone.deviceId, install_action: 'InstallASAP', product_version: '18.6.2' });
    await ddm(t, phone, 'status', {
      StatusItems: { softwareupdate: { 'install-state': 'failed', 'failure-reason': { count: 1, reason: 'Not enough storage' } } },
    });
    expect(await deviceRow(phone.deviceId)).toMatchObject({
      osUpdateStatus: OsUpdateStatus.FAILED,
      osUpdateProgress: { phase: 'failed', message: '设备报告更新失败：Not enough storage' },
    });
  });
});

describe('holding updates back', () => {
  it('puts the store’s 30 days into its phones’ declarations and hides younger releases', async () => {
    const { storeId, headers, phone } = await shop('18.1');
    const set = await post('/api/store/ios-update-policy', headers, { deferral_days: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ deferral_days: 30 });
    expect((await t.app.inject({ method: 'GET', url: '/api/store/ios-update-policy', headers })).json()).toEqual({ deferral_days: 30 });
    const settings = (await declarationsOf(phone))(SETTINGS_TYPE);
    expect(settings).toHaveLength(1);
    expect(settings[0].Payload).toEqual({ Deferrals: { CombinedPeriodInDays: 30 } });

    // A release posted ten days ago is held back; the list says until when.
    const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    gdmf.setReleases([
      { ProductVersion: '18.6.2', Build: '22G100', PostingDate: '2025-08-20', SupportedDevices: ['iPhone15,2'] },
      { ProductVersion: '26.2', Build: '23C55', PostingDate: recent, SupportedDevices: ['iPhone15,2'] },
    ]);
    // A fresh client (the app's own keeps its list for six hours), on this app's data: the job's list check.
    const svc = createIosOsUpdateService({
      db: t.db,
      mdm: t.app.mdm,
      devices: {} as IosDeviceService,
      lookup: createSoftwareLookup({ origin: gdmf.origin }),
      ddm: t.app.mdm.ddm.port,
    });
    await svc.refreshLists([{ id: phone.deviceId, storeId, model: 'iPhone15,2', osVersion: '18.1' }]);
    expect((await deviceRow(phone.deviceId)).availableOsUpdates.map((u) => u.Version)).toEqual(['18.6.2']);
    const refused = await command('schedule-os-update', headers, { device_id: phone.deviceId, install_action: 'InstallASAP', product_version: '26.2' });
    expect(refused.statusCode).toBe(400);

    // The phone's own setting replaces the store's; following the store again restores it; off removes it.
    const own = await post('/api/device/ios/helper/os-update-policy', headers, { device_id: phone.deviceId, follow_store: false, deferral_days: 10 });
    expect(own.statusCode, own.body).toBe(200);
    expect((await declarationsOf(phone))(SETTINGS_TYPE).map((d) => d.Payload)).toEqual([{ Deferrals: { CombinedPeriodInDays: 10 } }]);
    await post('/api/device/ios/helper/os-update-policy', headers, { device_id: phone.deviceId, follow_store: true });
    expect((await declarationsOf(phone))(SETTINGS_TYPE).map((d) => d.Payload)).toEqual([{ Deferrals: { CombinedPeriodInDays: 30 } }]);
    await post('/api/store/ios-update-policy', headers, { deferral_days: null });
    expect((await declarationsOf(phone))(SETTINGS_TYPE)).toEqual([]);
  });

  it('validates in Chinese, is the admin’s, and stays in the caller’s store', async () => {
    const mine = await shop('18.1');
    const theirs = await shop('18.1');
    for (const bad of [{ deferral_days: 0 }, { deferral_days: 91 }, { deferral_days: 1.5 }, { deferral_days: '30' }, {}]) {
      const res = await post('/api/store/ios-update-policy', mine.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body).toContain('延迟天数须为 1 到 90 之间的整数');
    }
    const clerk = await t.signedIn({ storeId: mine.storeId, permission: 'Aa3' });
    expect((await post('/api/store/ios-update-policy', clerk.headers, { deferral_days: 5 })).statusCode).toBe(403);
    expect((await post('/api/store/ios-update-policy', mine.headers, { deferral_days: 45 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/store/ios-update-policy', headers: theirs.headers })).json()).toEqual({ deferral_days: null });
    expect((await declarationsOf(theirs.phone))(SETTINGS_TYPE)).toEqual([]);
    const foreign = await post('/api/device/ios/helper/os-update-policy', mine.headers, {
      device_id: theirs.phone.deviceId,
      follow_store: false,
      deferral_days: 3,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignInfo = await t.app.inject({
      method: 'GET',
      url: `/api/device/ios/helper/os-update-policy?device_id=${theirs.phone.deviceId}`,
      headers: mine.headers,
    });
    expect(foreignInfo.statusCode).toBe(404);
    const badDays = await post('/api/device/ios/helper/os-update-policy', mine.headers, {
      device_id: mine.phone.deviceId,
      follow_store: false,
      deferral_days: 120,
    });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.body).toContain('延迟天数须为 1 到 90 之间的整数');
  });

  it('tells an iOS 17 phone’s clerk that the deferral needs iOS 18', async () => {
    const { headers, phone } = await shop('17.7');
    await post('/api/store/ios-update-policy', headers, { deferral_days: 30 });
    const info = (await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/os-update-policy?device_id=${phone.deviceId}`, headers })).json();
    expect(info).toMatchObject({ path: 'ddm', deferral: { store_days: 30, effective_days: 30, applies: false } });
    expect(info.deferral.note).toContain('iOS 18');
  });
});

describe('the path by iOS version', () => {
  it('sends the removed commands to an iOS 16 phone only, never to iOS 17, 18 or 26, from the console or the job', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const old = await enrolledPhone(t, s.id, '16.7');
    const updates = [{ ProductKey: 'iOSUpdate20H350', HumanReadableName: 'iOS 16.7.10', Version: '16.7.10', Build: '20H350' }];
    await t.db.update(iosDevice).set({ superviseStatus: SuperviseStatus.SUPERVISED, availableOsUpdates: updates }).where(eq(iosDevice.id, old.deviceId));
    const newer = await Promise.all(['17.0', '18.1', '26.1'].map((v) => enrolledPhone(t, s.id, v)));
    const ids = newer.map((p) => p.deviceId);
    await t.db.update(iosDevice).set({ superviseStatus: SuperviseStatus.SUPERVISED, model: 'iPhone15,2' }).where(inArray(iosDevice.id, ids));

    for (const p of [old, ...newer]) {
      expect((await command('get-available-os-updates', headers, { device_id: p.deviceId })).statusCode).toBe(200);
      expect((await command('get-os-update-status', headers, { device_id: p.deviceId })).statusCode).toBe(200);
    }
    expect(
      (await command('schedule-os-update', headers, { device_id: old.deviceId, install_action: 'InstallASAP', product_version: '16.7.10' })).statusCode,
    ).toBe(200);
    expect(
      (await command('schedule-os-update', headers, { device_id: newer[1].deviceId, install_action: 'InstallASAP', product_version: '18.6.2' })).statusCode,
    ).toBe(200);
    // The job's list check and status polls, all phones due.
    const now = new Date(Date.now() + 3 * 86_400_000);
    await watchOsUpdates(t.db, t.app.mdm, now);
    const svc = createIosOsUpdateService({ db: t.db, mdm: t.app.mdm, devices: {} as IosDeviceService, lookup: offlineSoftwareLookup, ddm: t.app.mdm.ddm.port });
    await watchOsUpdates(t.db, t.app.mdm, new Date(now.getTime() + 2 * 86_400_000), svc);

    expect(await commandsOf(ids, REMOVED)).toEqual([]);
    const oldTypes = (await commandsOf([old.deviceId], REMOVED)).map((c) => c.requestType).sort();
    expect(oldTypes).toEqual(expect.arrayContaining(['AvailableOSUpdates', 'OSUpdateStatus', 'ScheduleOSUpdate']));
    // The job's refresh used the offline list and says so.
    const info = (await t.app.inject({ method: 'GET', url: `/api/device/ios/helper/os-update-policy?device_id=${newer[0].deviceId}`, headers })).json();
    expect(info.list_source).toMatchObject({ live: false, label: '离线版本列表（未连接 Apple 服务）' });
  });
});

describe('Apple’s service failing', () => {
  it('answers the console from the offline list, saying so, never with a 500', async () => {
    const broken = await startMockGdmf();
    broken.setFault({ status: 503 });
    const app = await buildTestApp({ SOFTWARE_LOOKUP_ORIGIN: broken.origin });
    try {
      const s = await app.newStore();
      const admin = await app.signedIn({ storeId: s.id, isAdmin: true });
      const p = await enrolledPhone(app, s.id, '18.1');
      await app.db.update(iosDevice).set({ model: 'iPhone15,2', superviseStatus: SuperviseStatus.SUPERVISED }).where(eq(iosDevice.id, p.deviceId));
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/device/ios/command/get-available-os-updates',
        headers: admin.headers,
        payload: { device_id: p.deviceId },
      });
      expect(res.statusCode).toBe(200);
      const [op] = await app.db.select().from(operationLog).where(eq(operationLog.id, res.json().operation_log_id));
      expect(op.result).toContain('来源：离线版本列表（Apple 服务暂不可用：服务返回 503）');
      const info = (
        await app.app.inject({ method: 'GET', url: `/api/device/ios/helper/os-update-policy?device_id=${p.deviceId}`, headers: admin.headers })
      ).json();
      expect(info.list_source).toMatchObject({ live: false, label: '离线版本列表（Apple 服务暂不可用：服务返回 503）' });
    } finally {
      await app.close();
      await broken.close();
    }
  });
});
