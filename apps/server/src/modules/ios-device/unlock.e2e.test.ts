import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { type MdmHarness, startAdminHarness, waitFor } from '../../test/mdm-harness.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { fireScheduledLocks } from './scheduled-lock.job.ts';

let h: MdmHarness;
let headers: { authorization: string };
beforeAll(async () => {
  ({ h, headers } = await startAdminHarness());
});
afterAll(() => h.close());

const post = (url: string, payload: object) => h.t.app.inject({ method: 'POST', url, headers, payload });
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];

describe('unlock of a phone that is not in Lost Mode', () => {
  it('cancels a lock that is only scheduled and sends the phone nothing', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    const lock = (
      await post('/api/device/ios/command/lock', { device_id: deviceId, message: '到期未还款', when: new Date(Date.now() + 3_600_000).toISOString() })
    ).json();
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.SCHEDULED);

    const unlock = (await post('/api/device/ios/command/unlock', { device_id: deviceId })).json();
    expect(await operation(unlock.operation_log_id)).toMatchObject({ status: OperationStatus.DONE, result: '锁定尚未执行，已取消预约，未向设备发送指令' });
    expect(await operation(lock.operation_log_id)).toMatchObject({ status: OperationStatus.CANCELLED });
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
    expect(await fireScheduledLocks(h.t.db, h.t.app.mdm, new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    const lostMode = await h.t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
    expect(lostMode.filter((c) => c.requestType.endsWith('LostMode'))).toEqual([]);
    await phone.connect();
    expect(phone.state.lostMode.enabled).toBe(false);
  });

  it('takes 12067 (not in Lost Mode) as already unlocked: status unlocked, operation done with a note', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);
    // The console believes the phone locked (say the hirer's phone left Lost Mode by an erase the store missed).
    await h.t.db.update(iosDevice).set({ lockStatus: LockStatus.LOCKED }).where(eq(iosDevice.id, deviceId));
    const unlock = (await post('/api/device/ios/command/unlock', { device_id: deviceId })).json();
    await waitFor(async () => (await operation(unlock.operation_log_id)).status === OperationStatus.DONE);
    expect(phone.state.commandLog.find((c) => c.requestType === 'DisableLostMode')).toMatchObject({ status: 'Error', errorCode: 12067 });
    expect(await operation(unlock.operation_log_id)).toMatchObject({ status: OperationStatus.DONE, result: '设备本未处于丢失模式（12067），已是解锁状态' });
    expect((await device(deviceId)).lockStatus).toBe(LockStatus.UNLOCKED);
    // And the next lock works as usual.
    await post('/api/device/ios/command/lock', { device_id: deviceId, message: '请联系门店' });
    await waitFor(() => phone.state.lostMode.enabled);
  });
});
