import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockDep, MockEscrowUnlock } from '@lease/device-sim';
import { ActivationLockStatus, OperationStatus, escrowKeyOfCode } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { validateCommand, validateCommandResponse } from '../../mdm/apple/schema/validate.ts';
import { TEST_PASSWORD } from '../../test/build-test-app.ts';
import { type AppleServicesHarness, startAppleServicesHarness } from '../../test/apple-services-harness.ts';
import { type MdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { seedAbmToken } from '../abm/abm.test-kit.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { iosActivationLock } from './activation-lock.table.ts';

const ABM_SERIAL = 'F2LALKE2E001';
let stage: AppleServicesHarness;
let dep: MockDep;
let escrow: MockEscrowUnlock;
let h: MdmHarness;
let headers: { authorization: string };

beforeAll(async () => {
  stage = await startAppleServicesHarness([ABM_SERIAL]);
  ({ h, dep, escrow } = stage);
  const { id: storeId } = await h.t.newStore({ storeName: '华强北店' });
  await seedAbmToken(h.t, storeId, dep);
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
});
afterAll(() => stage.close());

const command = async (name: string, device_id: string) =>
  (await h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers, payload: { device_id, password: TEST_PASSWORD } })).json();
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const facts = async (id: string) => (await h.t.db.select().from(iosActivationLock).where(eq(iosActivationLock.deviceId, id)))[0];

describe('activation lock with a simulated iPhone', () => {
  it("keeps the supervised phone's own code from enrolment, and with it releases a lock the hirer set with 查找", async () => {
    const { phone, deviceId } = await h.newPhone(headers, { activationLockEnabled: true, model: 'iPhone15,2', imei1: '356789101234567' });
    const kept = await waitFor(async () => ((await facts(deviceId))?.deviceCode ? facts(deviceId) : null));
    const phoneCode = phone.state.activationLockBypassCode!;
    expect(kept.deviceCode).toMatch(/^x1\./);
    expect(kept.deviceReportsEnabled).toBe(true);
    // The phone's word is all the server has: the status follows it.
    expect((await device(deviceId)).activationLockStatus).toBe(ActivationLockStatus.ON);

    // Apple's schema for the request and the phone's answer; the recorded answer no longer holds the code.
    const [asked] = await h.t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'ActivationLockBypassCode')));
    expect(validateCommand(parsePlistDict(asked.payload))).toEqual([]);
    expect(
      validateCommandResponse('ActivationLockBypassCode', {
        UDID: phone.udid,
        CommandUUID: asked.id,
        Status: 'Acknowledged',
        ActivationLockBypassCode: phoneCode,
      }),
    ).toEqual([]);
    expect(asked.status).toBe('acknowledged');
    expect(JSON.stringify(asked.result)).not.toContain(phoneCode);

    expect(await command('get-activation-lock-password', deviceId)).toEqual({ activation_lock_password: phoneCode, source: 'device' });
    escrow.lockByDevice(phone.serialNumber, phoneCode);
    const off = await command('turn-off-activation-lock', deviceId);
    expect(off).toMatchObject({ status: OperationStatus.DONE, result: 'Apple 已关闭激活锁（使用设备生成的绕过码）' });
    expect(escrow.unlocked.at(-1)).toMatchObject({
      serial: phone.serialNumber,
      productType: 'iPhone15,2',
      imei: '356789101234567',
      escrowKey: phoneCode,
      opened: 'device',
    });
    expect(escrow.isLocked(phone.serialNumber)).toBe(false);

    // The phone goes on saying "enabled" (查找 is still on); only a change of its answer would count again.
    const before = (await device(deviceId)).factsUpdatedAt!;
    await h.t.app.inject({ method: 'GET', url: `/api/device/ios/${deviceId}?mdm_check=1`, headers });
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt! > before);
    expect((await device(deviceId)).activationLockStatus).toBe(ActivationLockStatus.OFF);
  });

  it('locks an ABM phone with a server code, shows it, and unlocks it through Apple', async () => {
    const { deviceId } = await h.newPhone(headers, { serialNumber: ABM_SERIAL, model: 'iPhone15,2' });
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    const on = await command('turn-on-activation-lock', deviceId);
    expect(on).toMatchObject({ status: OperationStatus.DONE });
    const { activation_lock_password: code, source } = await command('get-activation-lock-password', deviceId);
    expect(source).toBe('server');
    expect(dep.activationLocks.get(ABM_SERIAL)?.escrow_key).toBe(await escrowKeyOfCode(code));
    expect(escrow.isLocked(ABM_SERIAL)).toBe(true);

    const off = await command('turn-off-activation-lock', deviceId);
    expect(off).toMatchObject({ status: OperationStatus.DONE, result: 'Apple 已关闭激活锁（使用服务器生成的绕过码）' });
    expect(escrow.isLocked(ABM_SERIAL)).toBe(false);
    expect(escrow.unlocked.at(-1)).toMatchObject({ serial: ABM_SERIAL, escrowKey: code, opened: 'abm' });
    expect(await device(deviceId)).toMatchObject({ activationLockStatus: ActivationLockStatus.OFF, activationLockPasscode: null });
  });

  it('does not ask an unsupervised phone for a code it cannot give', async () => {
    const { deviceId } = await h.newPhone(headers, { supervised: false });
    await waitFor(async () => (await facts(deviceId))?.reportedAt);
    const asked = await h.t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'ActivationLockBypassCode')));
    expect(asked).toHaveLength(0);
    expect((await facts(deviceId)).deviceReportsEnabled).toBe(false);
  });
});
