import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, LockStatus, OperationStatus } from '@lease/shared';
import { hasSqlState } from '../../db/errors.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { androidCommand } from './android-agent.table.ts';
import { type AndroidEngineInternal, createAndroidEngine } from './android-engine.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from './test/android-harness.ts';

let h: AndroidHarness;
let android: AndroidEngineInternal;
beforeAll(async () => {
  h = await startAndroidHarness();
  android = h.android as AndroidEngineInternal;
});
afterAll(async () => h?.close());

/** addDevice writes a phone row directly (no agent): another store's, archived or released phones. */
async function addDevice(storeId: string, values: Partial<typeof androidDevice.$inferInsert> = {}) {
  const [row] = await h.db
    .insert(androidDevice)
    .values({ storeId, serialNumber: `FAN${Math.random().toString(36).slice(2, 10)}`, ...values })
    .returning({ id: androidDevice.id });
  return row.id;
}

const lockOrder = (deviceIds: string[], message = '请联系门店') => ({
  storeId: h.admin.clerk.storeId,
  clerkId: h.admin.clerk.id,
  deviceIds,
  action: 'lock',
  type: 'lock' as const,
  payload: { message },
  state: { lockStatus: LockStatus.LOCKING, lockMessage: message },
});
const lock = (deviceIds: string[], message?: string) => android.commander.fanOut(lockOrder(deviceIds, message));

describe('fan-out: one command to many devices, one statement per slice', () => {
  it('queues the command, its operation log and the desired state for the store’s managed phones only', async () => {
    // Enrolled but not connected yet, so the queued state can be read before any phone answers.
    const agents = await Promise.all([h.enrolledAgent({}, false), h.enrolledAgent({}, false), h.enrolledAgent({}, false)]);
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

    const ops = await h.db
      .select()
      .from(operationLog)
      .where(and(inArray(operationLog.deviceId, mine), eq(operationLog.action, 'lock')));
    expect(ops).toHaveLength(3);
    expect(
      ops.every(
        (o) => o.storeId === h.admin.clerk.storeId && o.clerkId === h.admin.clerk.id && o.platform === 'android' && o.status === OperationStatus.QUEUED,
      ),
    ).toBe(true);
    const commands = await h.db.select().from(androidCommand).where(inArray(androidCommand.deviceId, mine));
    expect(commands.map((c) => [c.type, c.status, (c.payload as { message: string }).message])).toEqual(Array(3).fill(['lock', 'queued', '请联系门店']));
    expect(new Set(commands.map((c) => c.operationLogId))).toEqual(new Set(ops.map((o) => o.id)));
    const before = await h.device(mine[0]);
    expect(before.lockStatus).toBe(LockStatus.LOCKING);
    expect(before.lockMessage).toBe('请联系门店');

    // Once the phones connect they get the lock, and every result is recorded against its operation.
    for (const agent of agents) agent.start();
    await waitUntil(
      async () =>
        (
          await h.db
            .select()
            .from(operationLog)
            .where(
              inArray(
                operationLog.id,
                ops.map((o) => o.id),
              ),
            )
        ).every((o) => o.status === OperationStatus.DONE),
      15_000,
    );
    expect(agents.every((a) => a.data.lock.locked)).toBe(true);
    expect((await h.device(mine[1])).lockStatus).toBe(LockStatus.LOCKED);
  });

  it('supersedes a pending lock or unlock of the same phones, cancelling its operation', async () => {
    const agent = await h.enrolledAgent({}, false);
    const id = agent.deviceId!;
    await lock([id], '第一次');
    const [first] = await h.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.deviceId, id), eq(operationLog.action, 'lock')));
    await lock([id], '第二次');
    const commands = await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, id));
    expect(commands.map((c) => c.status).sort()).toEqual(['cancelled', 'queued']);
    expect((await h.operation(first.id)).status).toBe(OperationStatus.CANCELLED);
    expect((await h.device(id)).lockMessage).toBe('第二次');
  });

  it('commits slice by slice, waking each slice’s agents as soon as it is committed', async () => {
    const engine = createAndroidEngine({
      db: h.db,
      database: h.database,
      log: pino({ level: 'silent' }),
      publicUrl: () => h.origin,
      secrets: { androidDevKey: Buffer.alloc(32) },
      fanOutSlice: 2,
    });
    try {
      const mine = await Promise.all(Array.from({ length: 5 }, () => addDevice(h.admin.clerk.storeId, { enrollmentStatus: EnrollmentStatus.ENROLLED })));
      const foreign = await addDevice((await h.signedIn({ isAdmin: true })).clerk.storeId, { enrollmentStatus: EnrollmentStatus.ENROLLED });
      // What the engine's hub is asked to deliver, and whether the fan-out had returned by then.
      const wakes: { ids: string[]; returned: boolean }[] = [];
      let returned = false;
      engine.gateway.hub.deliver = (ids: string[]) => void wakes.push({ ids, returned });

      const order = [mine[0], foreign, mine[1], mine[2], mine[3], mine[4]];
      const queued = await engine.commander.fanOut(lockOrder(order, '分批锁定'));
      returned = true;
      expect(queued.sort()).toEqual([...mine].sort());
      await waitUntil(() => wakes.length === 3);
      // Slices of two ids each: the foreign id is skipped inside its slice; each wake names its own slice.
      expect(wakes.map((w) => w.ids.sort())).toEqual([[mine[0]], [mine[1], mine[2]].sort(), [mine[3], mine[4]].sort()]);
      expect(wakes[0].returned).toBe(false);
      const commands = await h.db
        .select()
        .from(androidCommand)
        .where(inArray(androidCommand.deviceId, [...mine, foreign]));
      expect(commands.map((c) => c.deviceId).sort()).toEqual([...mine].sort());
      expect(new Set(commands.map((c) => c.operationLogId)).size).toBe(5);
    } finally {
      await engine.close();
    }
  });

  it('refuses a bad payload with a Chinese validation error and writes nothing', async () => {
    const agent = await h.enrolledAgent({}, false);
    await expect(
      android.commander.fanOut({
        storeId: h.admin.clerk.storeId,
        clerkId: null,
        deviceIds: [agent.deviceId!],
        action: 'lock',
        type: 'lock',
        payload: { message: 42 },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, agent.deviceId!))).toEqual([]);
    expect(await lock([])).toEqual([]);
  });
});

describe('pending commands', () => {
  it('are exactly those without completed_at: the database refuses a row where status and completed_at disagree', async () => {
    const deviceId = await addDevice(h.admin.clerk.storeId, { enrollmentStatus: EnrollmentStatus.ENROLLED });
    const expiresAt = new Date(Date.now() + 60_000);
    for (const values of [{ status: 'done' as const }, { status: 'cancelled' as const }, { status: 'sent' as const, completedAt: new Date() }]) {
      const err = await h.db
        .insert(androidCommand)
        .values({ deviceId, type: 'lock', expiresAt, ...values })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(hasSqlState(err, '23514'), JSON.stringify(values)).toBe(true);
    }
    await h.db.insert(androidCommand).values({ deviceId, type: 'lock', expiresAt, status: 'done', completedAt: new Date() });
    expect(await h.db.select().from(androidCommand).where(eq(androidCommand.deviceId, deviceId))).toHaveLength(1);
  });
});
