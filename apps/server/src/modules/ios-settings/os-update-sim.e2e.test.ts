import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OsUpdateStatus } from '@lease/shared';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { ENFORCEMENT_TYPE, SETTINGS_TYPE } from './os-update-ddm.ts';

/**
 * The whole round on a simulated iPhone that speaks Declarative Device Management (device-sim ios/ddm): the console
 * enforces an update, the phone syncs the declaration, reports its install state, installs at the deadline on its
 * clock and reports the new version; the store's deferral reaches it as softwareupdate.settings.
 */
let h: MdmHarness;
let headers: { authorization: string };
beforeAll(async () => {
  h = await startMdmHarness();
  const s = await h.t.newStore();
  headers = (await h.t.signedIn({ storeId: s.id, isAdmin: true })).headers;
});
afterAll(() => h.close());

const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const REMOVED = new Set(['ScheduleOSUpdate', 'AvailableOSUpdates', 'OSUpdateStatus', 'ScheduleOSUpdateScan']);

describe('an iOS 18 simulated iPhone', () => {
  it('applies the enforced update at its deadline and reports the new version; the deferral is in its declarations', async () => {
    let now = new Date();
    const phone = await h.newPhone(headers, { osVersion: '18.1', clock: () => now });
    const { deviceId } = phone;
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await waitFor(() => phone.phone.state.ddm.enabled);

    const policy = await h.t.app.inject({ method: 'POST', url: '/api/store/ios-update-policy', headers, payload: { deferral_days: 30 } });
    expect(policy.statusCode).toBe(200);
    await waitFor(() => phone.phone.state.ddm.deferralDays === 30);
    const settings = phone.phone.state.ddm.declarations.find((d) => d.type === SETTINGS_TYPE);
    expect(settings).toMatchObject({ payload: { Deferrals: { CombinedPeriodInDays: 30 } }, active: true, valid: 'valid' });

    const listed = await h.t.app.inject({ method: 'POST', url: '/api/device/ios/command/get-available-os-updates', headers, payload: { device_id: deviceId } });
    expect(listed.statusCode).toBe(200);
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/schedule-os-update',
      headers,
      payload: { device_id: deviceId, install_action: 'InstallASAP', product_version: '18.6.2' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The phone syncs, plans the update and reports it; the record follows its status.
    await waitFor(() => phone.phone.state.ddm.declarations.some((d) => d.type === ENFORCEMENT_TYPE));
    expect(phone.phone.state.ddm.softwareUpdate).toMatchObject({ pendingVersion: '18.6.2' });
    await phone.phone.tick();
    const progressing = await waitFor(async () => {
      const d = await device(deviceId);
      return d.osUpdateProgress?.phase === 'downloaded' || d.osUpdateProgress?.phase === 'downloading' ? d : null;
    });
    expect(progressing.osUpdateStatus === OsUpdateStatus.DOWNLOADED || progressing.osUpdateStatus === OsUpdateStatus.DOWNLOADING).toBe(true);

    // Past the deadline on the phone's clock it installs, restarts on iOS 18.6.2 and says so.
    now = new Date(now.getTime() + 40 * 60_000);
    await phone.phone.tick();
    expect(phone.phone.state).toMatchObject({ osVersion: '18.6.2' });
    const done = await waitFor(async () => {
      const d = await device(deviceId);
      return d.osUpdateProgress?.phase === 'installed' ? d : null;
    });
    expect(done).toMatchObject({ osVersion: '18.6.2', osUpdateStatus: OsUpdateStatus.IDLE });
    // The enforcement is done: the server removes it and the phone drops it at the next sync.
    await phone.phone.tick();
    await waitFor(() => !phone.phone.state.ddm.declarations.some((d) => d.type === ENFORCEMENT_TYPE));

    const sent = await h.t.db.select({ type: mdmCommand.requestType }).from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
    expect(sent.filter((c) => REMOVED.has(c.type))).toEqual([]);
  });
});
