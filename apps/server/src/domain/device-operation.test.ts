import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { countStatements } from '../db/statement-counter.ts';
import type { AuthContext } from '../http/authz.ts';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { type DeviceOperation, runDeviceOperation } from './device-operation.ts';
import { operationLog } from './operation-log.table.ts';
import { iosDevice } from './ios-device.table.ts';

// The Idempotency-Key race: two requests with one key both find no operation, both insert, the unique index lets one
// win and the loser must answer with the winner's operation. PostgreSQL reaches it with parallel requests (the
// "parallel replays" tests of ios-device and android-operation); PGlite runs one statement at a time, so parallel
// requests never interleave there. Here the winner commits exactly between the loser's lookup and its insert, on
// both databases: the loser's transaction starts only after the competing row is in.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function caller() {
  const s = await t.newStore();
  const c = await t.newClerk({ storeId: s.id, isAdmin: true });
  const auth: AuthContext = { clerkId: c.id, storeId: s.id, sessionId: randomUUID(), isAdmin: true, perms: [], modules: [] };
  const device = await t.newIosDevice({ storeId: s.id, enrolled: true });
  return { auth, device };
}

/** racing: the app's database, where a competing request commits its operation just before this one's transaction. */
function racing(compete: () => Promise<void>, beforeSelect: (n: number) => Promise<void> = async () => {}): Db {
  let selects = 0;
  return new Proxy(t.db, {
    get(target, prop) {
      if (prop === 'select') {
        return (...args: Parameters<Db['select']>) => {
          const builder = target.select(...args);
          const n = ++selects;
          // Drizzle queries run when awaited: the hook runs then, before the query.
          return new Proxy(builder, {
            get(b, p) {
              if (p !== 'from') return Reflect.get(b, p, b);
              return (...from: Parameters<typeof b.from>) => {
                const query = b.from(...from);
                const run = query.then.bind(query);
                return Object.assign(query, { then: (ok: never, ko: never) => beforeSelect(n).then(() => run(ok, ko)) });
              };
            },
          });
        };
      }
      if (prop === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          await compete();
          return target.transaction(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('runDeviceOperation and the Idempotency-Key race', () => {
  it('answers the loser of the race with the winner’s operation, doing nothing of its own', async () => {
    const { auth, device } = await caller();
    const key = randomUUID();
    let winnerId = '';
    const db = racing(async () => {
      const [w] = await t.db
        .insert(operationLog)
        .values({
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          deviceId: device.id,
          action: 'lock',
          status: OperationStatus.QUEUED,
          idempotencyKey: key,
        })
        .returning();
      winnerId = w.id;
    });
    let steps = 0;
    let woken = 0;
    const op: DeviceOperation = {
      platform: 'ios',
      deviceId: device.id,
      action: 'lock',
      status: OperationStatus.QUEUED,
      idempotencyKey: { key, fingerprint: null },
    };
    const result = await runDeviceOperation(db, auth, op, {
      inTx: async () => {
        steps++;
      },
      afterCommit: () => {
        woken++;
      },
    });
    expect(result).toEqual({ operation_log_id: winnerId, status: OperationStatus.QUEUED, replayed: true });
    expect(steps).toBe(0);
    expect(woken).toBe(0);
    const rows = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.storeId, auth.storeId), eq(operationLog.idempotencyKey, key)));
    expect(rows.map((r) => r.id)).toEqual([winnerId]);
  });

  it('passes the key’s unique violation on when the winner is gone by the time it looks', async () => {
    const { auth, device } = await caller();
    const key = randomUUID();
    let winnerId = '';
    const db = racing(
      async () => {
        const [w] = await t.db
          .insert(operationLog)
          .values({
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            platform: 'ios',
            deviceId: device.id,
            action: 'lock',
            status: OperationStatus.QUEUED,
            idempotencyKey: key,
          })
          .returning();
        winnerId = w.id;
      },
      // The second lookup is the one after the failed insert: the winner's row has been deleted meanwhile.
      async (n) => {
        if (n === 2) await t.db.delete(operationLog).where(eq(operationLog.id, winnerId));
      },
    );
    const op: DeviceOperation = {
      platform: 'ios',
      deviceId: device.id,
      action: 'lock',
      status: OperationStatus.QUEUED,
      idempotencyKey: { key, fingerprint: null },
    };
    const err = await runDeviceOperation(db, auth, op).catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'operation_log_idempotency_key')).toBe(true);
    expect(await t.db.select().from(operationLog).where(eq(operationLog.deviceId, device.id))).toHaveLength(0);
  });

  it('writes an operation without steps, result or schedule as such, and one with a schedule keeps it', async () => {
    const { auth, device } = await caller();
    const plain = await runDeviceOperation(t.db, auth, { platform: 'ios', deviceId: device.id, action: 'get-location', status: OperationStatus.QUEUED });
    const [row] = await t.db.select().from(operationLog).where(eq(operationLog.id, plain.operation_log_id));
    expect(row).toMatchObject({ result: '', scheduledAt: null, detail: {}, idempotencyKey: null, idempotencyFingerprint: null });
    const when = new Date(Date.now() + 3_600_000);
    const scheduled = await runDeviceOperation(t.db, auth, {
      platform: 'ios',
      deviceId: device.id,
      action: 'lock',
      status: OperationStatus.SCHEDULED,
      scheduledAt: when,
    });
    const [later] = await t.db.select().from(operationLog).where(eq(operationLog.id, scheduled.operation_log_id));
    expect(later.scheduledAt?.getTime()).toBe(when.getTime());
  });

  it('without a key, a failing insert is not taken for a race: the error goes through', async () => {
    const { auth, device } = await caller();
    const op: DeviceOperation = { platform: 'ios', deviceId: device.id, action: 'lock', status: OperationStatus.QUEUED };
    const failure = new Error('the platform step failed');
    await expect(runDeviceOperation(t.db, auth, op, { inTx: async () => Promise.reject(failure) })).rejects.toBe(failure);
    expect(await t.db.select().from(operationLog).where(eq(operationLog.deviceId, device.id))).toHaveLength(0);
  });

  it('runs the steps once and wakes after commit for a new key; a sequential repeat replays', async () => {
    const { auth, device } = await caller();
    const key = randomUUID();
    const calls: string[] = [];
    const op: DeviceOperation = {
      platform: 'ios',
      deviceId: device.id,
      action: 'reboot',
      status: OperationStatus.QUEUED,
      idempotencyKey: { key, fingerprint: null },
      detail: { why: 'test' },
      result: '已下发',
    };
    const steps = { inTx: async (_tx: unknown, id: string) => void calls.push(`tx:${id}`), afterCommit: () => void calls.push('wake') };
    const first = await runDeviceOperation(t.db, auth, op, steps);
    expect(first.replayed).toBe(false);
    expect(calls).toEqual([`tx:${first.operation_log_id}`, 'wake']);
    const [row] = await t.db.select().from(operationLog).where(eq(operationLog.id, first.operation_log_id));
    expect(row).toMatchObject({
      storeId: auth.storeId,
      clerkId: auth.clerkId,
      platform: 'ios',
      action: 'reboot',
      detail: { why: 'test' },
      result: '已下发',
      idempotencyKey: key,
    });
    expect(await runDeviceOperation(t.db, auth, op, steps)).toEqual({ ...first, replayed: true });
    expect(calls).toHaveLength(2);
  });

  // What each path sends to the database, counted on the driver (BEGIN and COMMIT/ROLLBACK included): the lookup
  // only where a key can have been used before, the insert only when no replay was found.
  describe('statements', () => {
    const counted = async (run: () => Promise<unknown>) => {
      const counter = countStatements(t.db);
      counter.reset();
      await run().catch(() => undefined);
      return counter.count;
    };

    it('without a key: no lookup, just the insert in its transaction', async () => {
      const { auth, device } = await caller();
      expect(
        await counted(() => runDeviceOperation(t.db, auth, { platform: 'ios', deviceId: device.id, action: 'lock', status: OperationStatus.QUEUED })),
      ).toBe(3);
    });

    it('a repeated key: the lookup alone, no insert that the unique index would refuse', async () => {
      const { auth, device } = await caller();
      const op: DeviceOperation = {
        platform: 'ios',
        deviceId: device.id,
        action: 'lock',
        status: OperationStatus.QUEUED,
        idempotencyKey: { key: randomUUID(), fingerprint: null },
      };
      await runDeviceOperation(t.db, auth, op);
      expect(await counted(() => runDeviceOperation(t.db, auth, op))).toBe(1);
    });

    it('with a key, a step failing on another unique index is not taken for the race: no second lookup', async () => {
      const { auth, device } = await caller();
      const [existing] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, device.id));
      const op: DeviceOperation = {
        platform: 'ios',
        deviceId: device.id,
        action: 'lock',
        status: OperationStatus.QUEUED,
        idempotencyKey: { key: randomUUID(), fingerprint: null },
      };
      const duplicateSerial = async (tx: Db) => void (await tx.insert(iosDevice).values({ storeId: auth.storeId, serialNumber: existing.serialNumber }));
      let error: unknown;
      const n = await counted(() => runDeviceOperation(t.db, auth, op, { inTx: (tx) => duplicateSerial(tx as Db) }).catch((e: unknown) => (error = e)));
      expect(isUniqueViolation(error, 'ios_device_store_serial_key')).toBe(true);
      // lookup, BEGIN, the operation's insert, the device's insert, ROLLBACK
      expect(n).toBe(5);
    });
  });
});
