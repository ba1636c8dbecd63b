import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { fireScheduledLocks } from './scheduled-lock.job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('scheduled lock job', () => {
  it('fires a due schedule once, with the scheduled message, and leaves future ones alone', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const [due, later] = [await t.newIosDevice({ storeId: s.id, enrolled: true }), await t.newIosDevice({ storeId: s.id, enrolled: true })];
    const schedule = (device_id: string, minutes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/device/ios/command/lock',
        headers,
        payload: { device_id, message: `${minutes} 分钟后锁定`, when: new Date(Date.now() + minutes * 60_000).toISOString() },
      });
    const op = (await schedule(due.id, 10)).json().operation_log_id;
    await schedule(later.id, 120);
    // A lock only scheduled is not yet the store's lock: an erase before it fires brings nothing back.
    expect((await t.db.select().from(iosDevice).where(eq(iosDevice.id, due.id)))[0].lockIntent).toBeNull();

    const at = new Date(Date.now() + 11 * 60_000);
    expect(await fireScheduledLocks(t.db, t.app.mdm, at)).toBe(1);
    expect(await fireScheduledLocks(t.db, t.app.mdm, at)).toBe(0);
    const [cmd] = await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, due.id));
    expect(cmd).toMatchObject({ requestType: 'EnableLostMode', operationLogId: op, status: 'queued' });
    expect(cmd.payload).toContain('10 分钟后锁定');
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.id, op));
    expect(log.status).toBe(OperationStatus.QUEUED);
    const [device] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, due.id));
    expect(device.lockStatus).toBe(LockStatus.LOCKING);
    expect(device.lockIntent).toMatchObject({ message: '10 分钟后锁定', since: at.toISOString() });
    expect(await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, later.id))).toHaveLength(0);
  });

  it('never fires a cancelled schedule', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/ios/command/lock',
      headers,
      payload: { device_id: d.id, message: 'x', when: new Date(Date.now() + 60_000).toISOString() },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/device/ios/operation-log/cancel-schedule-enable-lost-mode',
      headers,
      payload: { operation_log_id: res.json().operation_log_id },
    });
    expect(await fireScheduledLocks(t.db, t.app.mdm, new Date(Date.now() + 3_600_000))).toBe(0);
  });
});
