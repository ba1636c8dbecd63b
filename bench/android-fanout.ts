import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, and, gte } from 'drizzle-orm';
import pino from 'pino';
import { WebSocket } from 'ws';
import { OperationStatus } from '@lease/shared';
import { SimulatedAndroidAgent } from '@lease/device-sim';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { androidCommand, androidEnrollToken } from '../apps/server/src/mdm/android/android-agent.table.ts';
import { createAndroidEngine } from '../apps/server/src/mdm/android/android-engine.ts';
import { hashToken } from '../apps/server/src/mdm/android/enroll-token.service.ts';
import { androidDevice } from '../apps/server/src/modules/android-device/android-device.table.ts';
import { operationLog } from '../apps/server/src/modules/logs/logs.table.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { store } from '../apps/server/src/modules/store/store.table.ts';
import { spawnServer } from '../apps/server/src/test/server-process.ts';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';

const PG_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** inspectorEval runs an expression in the server process through its inspector (the server code stays untouched). */
async function inspectorEval(inspectPort: number, expression: string): Promise<string> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const answer = new Promise<string>((resolve) => ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString()) as { id?: number; result?: { result: { value: string } } };
    if (msg.id === 1) resolve(msg.result!.result.value);
  }));
  ws.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, awaitPromise: true, returnByValue: true } }));
  const value = await answer;
  ws.close();
  return value;
}

/** serverMemory collects garbage twice in the server process and reads its RSS and heap. */
async function serverMemory(inspectPort: number) {
  const json = await inspectorEval(inspectPort, `(async () => { for (let i = 0; i < 2; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 200)); } const m = process.memoryUsage(); return JSON.stringify({ rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers }); })()`);
  return JSON.parse(json) as { rss: number; heap: number; external: number };
}

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

/**
 * Android fan-out as deployed: the server in its own process on PostgreSQL, N simulated agents in this process,
 * each enrolled with its own token and holding its WebSocket. A lock for every agent is queued from here with
 * the engine's own commander, as a second server process would, and reaches them through NOTIFY. Prints the
 * time until every agent shows the lock and until every result is recorded, and the server's memory per
 * idle connected agent (after GC, RSS and heap deltas over N).
 */
export async function benchAndroidFanout(agents = 2000) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-android-'));
  const scratch = await createScratchDatabase(PG_URL, 'benchand');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const port = 5100 + (process.pid % 90);
  const inspectPort = 9400 + (process.pid % 90);
  const owner = await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: '16600000002', password: 'Bench#2026' });
  await database.db.update(store).set({ deviceCount: agents + 10 }).where(eq(store.id, owner.storeId));
  const previousArgs = process.env.SERVER_NODE_ARGS;
  process.env.SERVER_NODE_ARGS = `--expose-gc --inspect=127.0.0.1:${inspectPort}`;
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error' }, port);
  process.env.SERVER_NODE_ARGS = previousArgs;
  const fleet: SimulatedAndroidAgent[] = [];
  const engine = createAndroidEngine({ db: database.db, log: pino({ level: 'silent' }), publicUrl: () => server.origin, secrets: { androidDevKey: Buffer.alloc(32) }, database, databaseUrl: scratch.url });
  try {
    // Tokens straight into the table (what the console's enroll-token call writes), then real enrolments over HTTP.
    const tokens = Array.from({ length: agents }, (_, i) => `bench-token-${i}-${process.pid}-${Date.now()}`);
    for (let i = 0; i < agents; i += 500) {
      await database.db.insert(androidEnrollToken).values(tokens.slice(i, i + 500).map((t) => ({ tokenHash: hashToken(t), storeId: owner.storeId, clerkId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) })));
    }
    let next = 0;
    const enrol = async () => {
      while (next < agents) {
        const token = tokens[next++];
        const agent = new SimulatedAndroidAgent({ serverUrl: server.origin, checkinOnConnect: false, pollMs: 3_600_000, checkinMs: 3_600_000, tickMs: 3_600_000 });
        await agent.enroll(token);
        fleet.push(agent);
      }
    };
    await Promise.all(Array.from({ length: 16 }, enrol));

    // Warm-up round: connect everyone once and drop them, so the baseline has the allocator's pages in use too.
    const connectStart = performance.now();
    for (const agent of fleet) agent.start();
    const allConnected = await waitFor(() => fleet.every((a) => a.connected), 180_000);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const refusals = fleet.reduce((n, a) => n + a.stats.refusals, 0);
    await Promise.all(fleet.map((a) => a.stop()));
    await new Promise((r) => setTimeout(r, 3000));
    const before = await serverMemory(inspectPort);
    for (const agent of fleet) agent.start();
    await waitFor(() => fleet.every((a) => a.connected), 180_000);
    await new Promise((r) => setTimeout(r, 3000));
    const after = await serverMemory(inspectPort);
    const connected = fleet.filter((a) => a.connected).length;

    // The fan-out: one transaction queues a lock (with its operation-log row) for every agent, then one wake.
    const ids = fleet.map((a) => a.deviceId!);
    const since = new Date();
    const start = performance.now();
    await database.db.transaction(async (tx) => {
      const ops = await tx
        .insert(operationLog)
        .values(ids.map((deviceId) => ({ storeId: owner.storeId, clerkId: owner.id, platform: 'android', deviceId, action: 'lock', status: OperationStatus.QUEUED })))
        .returning({ id: operationLog.id, deviceId: operationLog.deviceId });
      await tx.update(androidDevice).set({ lockStatus: 1, lockMessage: '压测锁定' }).where(inArray(androidDevice.id, ids));
      await engine.commander.enqueueIn(tx, ops.map((op) => ({ deviceId: op.deviceId!, type: 'lock' as const, payload: { message: '压测锁定' }, operationLogId: op.id })));
    });
    const queuedMs = performance.now() - start;
    engine.commander.wake(ids);
    await waitFor(() => fleet.some((a) => a.data.lock.locked), 120_000);
    const firstLockedMs = performance.now() - start;
    await waitFor(() => fleet.every((a) => a.data.lock.locked), 120_000);
    const lockedMs = performance.now() - start;
    const done = async () => (await database.db.select({ n: count() }).from(androidCommand).where(and(eq(androidCommand.status, 'done'), gte(androidCommand.createdAt, since))))[0].n;
    await waitFor(async () => (await done()) >= agents, 120_000);
    const recordedMs = performance.now() - start;
    const recorded = await done();

    return {
      agents,
      connected,
      allConnected,
      connectSeconds,
      refusals,
      queuedMs,
      firstLockedMs,
      lockedMs,
      recordedMs,
      recorded,
      rssPerAgent: (after.rss - before.rss) / connected,
      heapPerAgent: (after.heap - before.heap) / connected,
      externalPerAgent: (after.external - before.external) / connected,
    };
  } finally {
    await Promise.all(fleet.map((a) => a.stop()));
    await engine.close();
    await server.kill();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchAndroidFanout(Number(process.argv[2] ?? 2000));
  console.log(r);
}
