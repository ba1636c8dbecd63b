import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedIphone } from '@lease/device-sim';
import { OperationStatus, Perm, SuperviseStatus } from '@lease/shared';
import { canLaunchApp, readConfigurationProfile, restrictionsInForce } from '../../../../../packages/device-sim/src/ios/installed-profile.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { endEnterpriseTrustWindows } from './enterprise-trust.job.ts';
import { RESTRICTIONS_PROFILE_ID } from './restriction-profile.ts';

type Headers = { authorization: string };

let h: MdmHarness;
let admin: Headers;
let clerk: Headers;
let phone: SimulatedIphone;
let deviceId: string;

const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
const post = (name: string, payload: object) => h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers: clerk, payload });
const state = async (id: string) =>
  (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/helper/restriction-state?device_id=${id}`, headers: clerk })).json();
/** done waits until the phone has answered the operation, and returns its log row. */
const done = (operationLogId: string) =>
  waitFor(async () => {
    const row = await operation(operationLogId);
    return row.status === OperationStatus.DONE || row.status === OperationStatus.FAILED ? row : null;
  });
/** restrictionKeys: what the phone itself says is in force from our profile. */
const restrictionKeys = (p: SimulatedIphone) => p.state.profiles[RESTRICTIONS_PROFILE_ID]?.restrictions;

/** enrolledPhone enrols a simulated iPhone through the hirer link and waits until the server knows its facts. */
async function enrolledPhone(options: Parameters<MdmHarness['newPhone']>[1] = {}) {
  const made = await h.newPhone(admin, options);
  await waitFor(async () => (await device(made.deviceId)).factsUpdatedAt);
  return made;
}

beforeAll(async () => {
  h = await startMdmHarness();
  const storeId = (await h.t.newStore()).id;
  admin = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
  clerk = (await h.t.signedIn({ storeId, permission: [Perm.APPLE_SET_SYSTEM_RESTRICTION, Perm.APPLE_SET_APP_RESTRICTION, Perm.APPLE_LIST_VIEW_ALL].join(',') }))
    .headers;
  ({ phone, deviceId } = await enrolledPhone());
});
afterAll(() => h.close());

describe('restrictions on a supervised iPhone', () => {
  it('set-system-restriction: the phone installs the profile, and the console shows it as on the phone', async () => {
    const op = (
      await post('set-system-restriction', {
        device_id: deviceId,
        system_restriction: { allowEraseContentAndSettings: false, allowFindMyDevice: false, forceWiFiPowerOn: true },
      })
    ).json();
    const row = await done(op.operation_log_id);
    expect(row).toMatchObject({
      status: OperationStatus.DONE,
      result: '系统限制已生效。设备已应用 3 项限制：禁止抹掉所有内容和设置、禁用「查找设备」、强制保持 Wi-Fi 开启',
    });
    expect(restrictionKeys(phone)).toEqual(['allowEraseContentAndSettings', 'allowFindMyDevice', 'forceWiFiPowerOn']);
    expect(phone.state.profiles[RESTRICTIONS_PROFILE_ID].managed).toBe(true);
    expect(await state(deviceId)).toMatchObject({
      supervised: true,
      in_sync: true,
      pending: null,
      installed_payload: { allowEraseContentAndSettings: false, allowFindMyDevice: false, forceWiFiPowerOn: true },
    });
  });

  it('sync-store-default-system-restriction: the phone ends up with exactly the store default', async () => {
    await h.t.app.inject({
      method: 'PUT',
      url: '/api/store/default-system-restriction',
      headers: admin,
      payload: { system_restriction: { allowAccountModification: false, allowESIMModification: false } },
    });
    const op = (await post('sync-store-default-system-restriction', { device_id: deviceId })).json();
    expect((await done(op.operation_log_id)).result).toMatch(/^已同步门店默认系统限制。设备已应用 2 项限制/);
    expect(restrictionKeys(phone)).toEqual(['allowAccountModification', 'allowESIMModification']);
    const detail = (await h.t.app.inject({ method: 'GET', url: `/api/device/ios/${deviceId}`, headers: clerk })).json();
    expect(detail.diff_system_restriction_keys).toEqual([]);
  });

  it('set-app-restriction (white list): only the chosen, essential and store apps launch on the phone', async () => {
    const received: Buffer[] = [];
    const off = phone.onCommand((e) => {
      if (e.requestType === 'InstallProfile' && Buffer.isBuffer(e.request.Payload)) received.push(e.request.Payload);
    });
    const op = (
      await post('set-app-restriction', { device_id: deviceId, enable: true, type: 2, list: [{ app_name: '微信', bundle_id: 'com.tencent.xin' }] })
    ).json();
    expect((await done(op.operation_log_id)).result).toContain('应用白名单（5 个应用）');
    off();
    expect(restrictionKeys(phone)).toEqual(['allowAccountModification', 'allowESIMModification', 'allowListedAppBundleIDs']);
    // What the phone received, read the way the phone reads it.
    const onPhone = restrictionsInForce([readConfigurationProfile(received.at(-1)!, true, true)]);
    for (const app of ['com.tencent.xin', 'com.apple.mobilephone', 'com.apple.Preferences', 'com.apple.MobileSMS'])
      expect(canLaunchApp(onPhone, app)).toBe(true);
    expect(canLaunchApp(onPhone, 'com.ss.iphone.ugc.Aweme')).toBe(false);
  });

  it('temporary enterprise trust: lifted on the phone, and put back by the job when the window ends', async () => {
    await done((await post('set-app-restriction', { device_id: deviceId, enable: false })).json().operation_log_id);
    await done(
      (await post('set-system-restriction', { device_id: deviceId, system_restriction: { allowEnterpriseAppTrust: false, allowCamera: false } })).json()
        .operation_log_id,
    );
    expect(restrictionKeys(phone)).toEqual(['allowCamera', 'allowEnterpriseAppTrust']);

    const grant = (await post('temporary-allow-enterprise-app-trust', { device_id: deviceId, minutes: 5 })).json();
    expect((await done(grant.operation_log_id)).result).toContain('已临时允许信任企业级应用');
    expect(restrictionKeys(phone)).toEqual(['allowCamera']);
    const until = (await device(deviceId)).enterpriseAppTrustUntil!;
    expect((await state(deviceId)).requested.enterprise_app_trust_until).toBe(until.toISOString());

    expect(await endEnterpriseTrustWindows(h.t.db, h.t.app.mdm, new Date(until.getTime() + 1))).toBe(1);
    const [revert] = await h.t.db.select().from(operationLog).where(eq(operationLog.action, 'end-enterprise-app-trust'));
    expect((await done(revert.id)).result).toMatch(/^临时信任已到期，已恢复禁止信任企业级应用。/);
    expect(restrictionKeys(phone)).toEqual(['allowCamera', 'allowEnterpriseAppTrust']);
    expect(await state(deviceId)).toMatchObject({ in_sync: true, requested: { enterprise_app_trust_until: null } });
  });

  it('a refused install is recorded as failed, and the console keeps showing what the phone really has', async () => {
    phone.errorFor('InstallProfile', { code: 4001, domain: 'MCInstallationErrorDomain', message: 'Profile Installation Failed' });
    const op = (await post('set-system-restriction', { device_id: deviceId, system_restriction: { allowScreenShot: false } })).json();
    expect((await done(op.operation_log_id)).status).toBe(OperationStatus.FAILED);
    phone.errorFor('InstallProfile', undefined);
    expect(await state(deviceId)).toMatchObject({
      in_sync: false,
      desired_payload: { allowScreenShot: false },
      installed_payload: { allowCamera: false, allowEnterpriseAppTrust: false },
      last_failure: { message: 'Profile Installation Failed（MCInstallationErrorDomain 4001）' },
    });
  });

  it('turning everything off removes the profile from the phone', async () => {
    const op = (await post('set-system-restriction', { device_id: deviceId, system_restriction: {} })).json();
    expect((await done(op.operation_log_id)).result).toBe('系统限制已生效。设备已移除门店限制，当前没有任何限制');
    expect(phone.state.profiles[RESTRICTIONS_PROFILE_ID]).toBeUndefined();
    expect(await state(deviceId)).toMatchObject({ in_sync: true, installed_payload: null, desired_payload: null, last_failure: null });
  });
});

describe('restrictions on an unsupervised iPhone', () => {
  it('installs, applies only what works unsupervised, and says so in the result', async () => {
    const other = await enrolledPhone({ supervised: false });
    expect((await device(other.deviceId)).superviseStatus).toBe(SuperviseStatus.UNSUPERVISED);
    const op = (
      await post('set-system-restriction', { device_id: other.deviceId, system_restriction: { allowEraseContentAndSettings: false, allowScreenShot: false } })
    ).json();
    const row = await done(op.operation_log_id);
    expect(row.result).toContain('本机未监管，其中 1 项需监管才生效，当前不生效：禁止抹掉所有内容和设置');
    expect(restrictionKeys(other.phone)).toEqual(['allowScreenShot']);
    expect((await state(other.deviceId)).ignored_without_supervision).toEqual(['allowEraseContentAndSettings']);
  });
});

describe('restrictions after enrolment', () => {
  it('a newly enrolled phone takes the store default without a click', async () => {
    await h.t.app.inject({
      method: 'PUT',
      url: '/api/store/default-system-restriction',
      headers: admin,
      payload: { system_restriction: { allowEraseContentAndSettings: false, allowHostPairing: false } },
    });
    const fresh = await enrolledPhone();
    await waitFor(() => restrictionKeys(fresh.phone)?.length === 2);
    expect(restrictionKeys(fresh.phone)).toEqual(['allowEraseContentAndSettings', 'allowHostPairing']);
    const rows = await h.t.db.select().from(operationLog).where(eq(operationLog.deviceId, fresh.deviceId));
    const applied = rows.find((r) => r.action === 'apply-enrolment-restriction');
    expect(applied).toMatchObject({ clerkId: null });
    expect((await done(applied!.id)).status).toBe(OperationStatus.DONE);
    expect((await device(fresh.deviceId)).systemRestriction).toEqual({ allowEraseContentAndSettings: false, allowHostPairing: false });
  });
});
