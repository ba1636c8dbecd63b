import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import { androidDevice } from '../../modules/android-device/android-device.table.ts';
import { operationLog } from '../../modules/logs/logs.table.ts';
import { androidCommand } from './android-agent.table.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from './test/android-harness.ts';

let h: AndroidHarness;
let android: AndroidEngineInternal;
beforeAll(async () => {
  h = await startAndroidHarness();
  android = h.app.android as AndroidEngineInternal;
});
afterAll(async () => h?.close());

/** addDevice writes a phone row directly (no agent): another store's, archived or released phones. */
async function addDevice(storeId: string, values: Partial<typeof androidDevice.$inferInsert> = {}) {
  const [row] = await h.db.insert(androidDevice).values({ storeId, serialNumber: `FAN${Math.random().toString(36).slice(2, 10)}`, ...values }).returning({ id: androidDevice.id });
  return row.id;
}

const lock = (deviceIds: string[], message = '请联系门店') =>
  h.db.transaction((tx) =>
    android.commander.fanOutIn(tx, { storeId: h.admin.clerk.storeId, clerkId: h.admin.clerk.id, deviceIds, action: 'lock', type: 'lock', payload: { message }, state: { lockStatus: LockStatus.LOCKING, lockMessage: message } }),
  );

describe('fan-out: one command to many devices in one statement', () => {
  it('queues the command, its operation log and the desired state for the store’s managed phones only', async () => {
    const agents = await Promise.all([h.enrolledAgent(), h.enrolledAgent(), h.enrolledAgent()]);
    const mine = agents.map((a) => a.deviceId!);
    const other = await h.signedIn({ isAdmin: true });
    const foreign = await addDevice(other.clerk.storeId, { enrollmentStatus: EnrollmentStatus.ENROLLED });
    const archived = await addDevice(h.admin.clerk.storeId, { enrollmentStatus: EnrollmentStatus.ENROLLED, archived: true });
    const released = await addDevice(h.admin.clerk.storeId, { enrollmentStatus: EnrollmentStatus.RELEASED });

    const queued = await lock([...mine, foreign, archived, released]);
    expect(queued.sort()).toEqual([...mine].sort());
    for (const id of [foreign, archived, released]) {
      expect(await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, id))).toEqual([]);
      expect(await h.db.select().from(operationLog).where(eq(operationLog.deviceId, id))).toEqual([]);
    }
    const foreignRow = await h.device(foreign);
    expect(foreignRow.lockStatus).toBe(LockStatus.UNLOCKED);

    const ops = await h.db.select().from(operationLog).where(and(inArray(operationLog.deviceId, mine), eq(operationLog.action, 'lock')));
    expect(ops).toHaveLength(3);
    expect(ops.every((o) => o.storeId === h.admin.clerk.storeId && o.clerkId === h.admin.clerk.id && o.platform === 'android' && o.status === OperationStatus.QUEUED)).toBe(true);
    const commands = await h.db.select().from(androidCommand).where(inArray(androidCommand.deviceId, mine));
    expect(commands.map((c) => [c.type, c.status, (c.payload as { message: string }).message])).toEqual(Array(3).fill(['lock', 'queued', '请联系门店']));
    expect(new Set(commands.map((c) => c.operationLogId))).toEqual(new Set(ops.map((o) => o.id)));
    const before = await h.device(mine[0]);
    expect(before.lockStatus).toBe(LockStatus.LOCKING);
    expect(before.lockMessage).toBe('请联系门店');

    // After commit, one wake reaches every agent, and every result is recorded against its operation.
    android.commander.wake(queued);
    await waitUntil(async () => (await h.db.select().from(operationLog).where(inArray(operationLog.id, ops.map((o) => o.id)))).every((o) => o.status === OperationStatus.DONE), 15_000);
    expect(agents.every((a) => a.data.lock.locked)).toBe(true);
    expect((await h.device(mine[1])).lockStatus).toBe(LockStatus.LOCKED);
  });

  it('supersedes a pending lock or unlock of the same phones, cancelling its operation', async () => {
    const agent = await h.enrolledAgent({}, false);
    const id = agent.deviceId!;
    await lock([id], '第一次');
    const [first] = await h.db.select().from(operationLog).where(and(eq(operationLog.deviceId, id), eq(operationLog.action, 'lock')));
    await lock([id], '第二次');
    const commands = await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, id));
    expect(commands.map((c) => c.status).sort()).toEqual(['cancelled', 'queued']);
    expect((await h.operation(first.id)).status).toBe(OperationStatus.CANCELLED);
    expect((await h.device(id)).lockMessage).toBe('第二次');
  });

  it('refuses a bad payload with a Chinese validation error and writes nothing', async () => {
    const agent = await h.enrolledAgent({}, false);
    await expect(
      h.db.transaction((tx) => android.commander.fanOutIn(tx, { storeId: h.admin.clerk.storeId, clerkId: null, deviceIds: [agent.deviceId!], action: 'lock', type: 'lock', payload: { message: 42 } })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, agent.deviceId!))).toEqual([]);
    expect(await lock([])).toEqual([]);
  });
});
