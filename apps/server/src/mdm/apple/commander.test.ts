import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { Priority, createCommander } from './commander.ts';
import { deviceInformation } from './commands.ts';
import { mdmCommand } from './mdm.table.ts';
import { createQueueRepo } from './queue.repo.ts';
import { createResultEffects } from './result-effects.ts';

/**
 * What the commander queues (its lifetime, priority, and that it wakes the phones only after the commit), on a
 * database of its own, without a simulated phone: the rules engine.e2e.test.ts proves end to end, here in seconds.
 */
const DAY = 86_400_000;
let database: Database;
let woken: string[][];
let commander: ReturnType<typeof createCommander>;
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  woken = [];
  commander = createCommander({
    db,
    queue: createQueueRepo(db, createResultEffects({})),
    push: { wakeInBackground: (ids: string[]) => void woken.push(ids) } as never,
  });
});
afterAll(() => database.close());

async function phone() {
  const [s] = await database.db
    .insert(store)
    .values({ storeName: '指令门店', modules: ['apple'] as never })
    .returning();
  const [d] = await database.db
    .insert(iosDevice)
    .values({ storeId: s.id, serialNumber: `F2L${Math.random().toString(36).slice(2, 11).toUpperCase()}` })
    .returning();
  return d.id;
}
const commandsOf = (deviceId: string) => database.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
const request = (deviceId: string) => ({ deviceId, build: (uuid: string) => deviceInformation({ uuid }) });

describe('commander', () => {
  it('queues a command for seven days at normal priority, then wakes the phone', async () => {
    const deviceId = await phone();
    const before = Date.now();
    const [id] = await commander.enqueue([request(deviceId)]);
    const after = Date.now();
    const [row] = await commandsOf(deviceId);
    expect(row.id).toBe(id);
    expect(row.requestType).toBe('DeviceInformation');
    expect(row.priority).toBe(Priority.NORMAL);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(after + 7 * DAY);
    expect(woken.at(-1)).toEqual([deviceId]);
  });

  it('keeps a command for its own time to live and priority when given', async () => {
    const deviceId = await phone();
    const before = Date.now();
    await commander.enqueue([request(deviceId)], { ttlMs: 60_000, priority: Priority.SECURITY });
    const after = Date.now();
    const [row] = await commandsOf(deviceId);
    expect(row.priority).toBe(Priority.SECURITY);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(after + 60_000);
  });

  it('refreshes facts with three refetches per phone, each for a day at refetch priority, once however often asked', async () => {
    const a = await phone();
    const b = await phone();
    const before = Date.now();
    await commander.refreshFacts([a, b]);
    await commander.refreshFacts([a]);
    const after = Date.now();
    for (const deviceId of [a, b]) {
      const rows = await commandsOf(deviceId);
      expect(rows.map((r) => r.requestType).sort()).toEqual(['DeviceInformation', 'InstalledApplicationList', 'SecurityInfo']);
      for (const r of rows) {
        expect(r.priority).toBe(Priority.REFETCH);
        expect(r.expiresAt.getTime()).toBeGreaterThanOrEqual(before + DAY);
        expect(r.expiresAt.getTime()).toBeLessThanOrEqual(after + DAY);
      }
    }
    expect(woken.slice(-2)).toEqual([[a, b], [a]]);
    // Each refetch carries its own id as CommandUUID: the phone's answer is matched by it.
    for (const r of await commandsOf(a))
      expect(/<key>CommandUUID<\/key>\s*<string>([^<]+)<\/string>/.exec(r.payload)?.[1].toLowerCase()).toBe(r.id.toLowerCase());
  });

  it('wake() wakes the phones it is given (callers that enqueued in their own transaction call it after commit)', async () => {
    const deviceId = await phone();
    commander.wake([deviceId]);
    expect(woken.at(-1)).toEqual([deviceId]);
  });
});
