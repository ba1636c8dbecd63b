import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import { type MdmHarness, startAdminHarness, waitFor } from '../../../test/mdm-harness.ts';
import { ddmDeclarationStatus, ddmDevice } from './ddm.table.ts';

let h: MdmHarness;
let headers: { authorization: string };
beforeAll(async () => {
  ({ h, headers } = await startAdminHarness());
});
afterAll(() => h.close());

const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];

describe('the simulated iPhone speaks DDM with this server', () => {
  it('an iOS 18 phone enrols, is switched to DDM, syncs every declaration and reports its status', async () => {
    const { phone, deviceId } = await h.newPhone(headers, { osVersion: '18.1', batteryHealth: 'non-genuine' });
    await waitFor(async () => (await device(deviceId)).batteryHealth === 'non-genuine', 20_000);
    expect((await device(deviceId)).osVersion).toBe('18.1');
    const [sync] = await h.t.db.select().from(ddmDevice).where(eq(ddmDevice.deviceId, deviceId));
    expect(sync.syncedToken).toBe(sync.announcedToken);
    const states = await waitFor(async () => {
      const rows = await h.t.db.select().from(ddmDeclarationStatus).where(eq(ddmDeclarationStatus.deviceId, deviceId));
      return rows.length >= 3 ? rows : false;
    }, 20_000);
    expect(states.map((s) => s.identifier).sort()).toEqual(['lease.ddm.activation', 'lease.ddm.organization-info', 'lease.ddm.status-subscriptions']);
    expect(states.every((s) => s.valid === 'valid')).toBe(true);
    expect(phone.state.commandLog.filter((c) => c.requestType === 'DeclarativeManagement').length).toBe(1);
  });

  it('an iOS 15 phone stays on commands: no DeclarativeManagement', async () => {
    const { phone, deviceId } = await h.newPhone(headers, { osVersion: '15.8' });
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    await phone.connect();
    expect(phone.state.commandLog.filter((c) => c.requestType === 'DeclarativeManagement')).toEqual([]);
    expect((await device(deviceId)).batteryHealth).toBeNull();
  });
});
