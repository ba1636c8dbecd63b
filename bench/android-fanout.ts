import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { count, eq, and, gte } from 'drizzle-orm';
import { SimulatedAndroidAgent } from '@lease/device-sim';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { androidCommand, androidEnrollToken } from '../apps/server/src/mdm/android/android-agent.table.ts';
import { hashToken } from '../apps/server/src/mdm/android/enroll-token.service.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import type { IssuerData } from './android-fanout-issuer.ts';
import { inspectorEval, profileWindow } from './inspector.ts';
import { allPostgresCpuMs, cpuMs, serverStatements } from './process-stats.ts';
import { buildServer, spawnServer } from '../apps/server/src/test/server-process.ts';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';

const PG_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * socketBufferBytes sums the kernel memory (receive, send, forward-allocated and queued bytes: `ss -m`'s
 * skmem r, t, f, w) of the TCP sockets the server process holds: the part of an idle agent's cost that
 * process.memoryUsage() cannot see.
 */
function socketBufferBytes(pid: number): number {
  const out = execFileSync('ss', ['-tanmpH', 'state', 'established'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  let total = 0;
  const lines = out.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].includes(`pid=${pid},`)) continue;
    // The skmem figures follow on the same line or, in some versions, the next one.
    const m = /skmem:\(r(\d+),rb\d+,t(\d+),tb\d+,f(\d+),w(\d+)/.exec(lines[i]) ?? /skmem:\(r(\d+),rb\d+,t(\d+),tb\d+,f(\d+),w(\d+)/.exec(lines[i + 1] ?? '');
    if (m) total += Number(m[1]) + Number(m[2]) + Number(m[3]) + Number(m[4]);
  }
  return total;
}

/**
 * serverMemory reads what the server holds once garbage is collected: V8 heap in use, memory outside the heap
 * (Buffers, ws's frames) and the kernel's socket buffers. Each of `samples` readings runs a full GC first
 * (--expose-gc, twice, with a pause for finalizers); the median of the readings is returned. RSS is kept for
 * the record only: the allocator returns pages to the OS when it pleases, so an RSS difference can go negative.
 */
async function serverMemory(inspectPort: number, pid: number, samples = 5) {
  const readings: { used: number; heap: number; external: number; sockets: number; rss: number }[] = [];
  for (let i = 0; i < samples; i++) {
    const json = await inspectorEval(
      inspectPort,
      `(async () => { for (let i = 0; i < 2; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 100)); } const m = process.memoryUsage(); return JSON.stringify({ rss: m.rss, heap: m.heapUsed, external: m.external }); })()`,
    );
    const m = JSON.parse(json) as { rss: number; heap: number; external: number };
    const sockets = socketBufferBytes(pid);
    // external already includes arrayBuffers (Node's docs): counted once.
    readings.push({ ...m, sockets, used: m.heap + m.external + sockets });
  }
  readings.sort((a, b) => a.used - b.used);
  return readings[Math.floor(readings.length / 2)];
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
 * each enrolled with its own token and holding its WebSocket. A lock for every agent is queued by a second engine
 * in a worker thread (android-fanout-issuer.ts), as a second server process would, and reaches them through
 * NOTIFY. Prints the time until every agent shows the lock and until every result is acknowledged (recorded),
 * the CPU each process spent per agent, and the server's memory per idle connected agent (serverMemory: heap +
 * external + socket buffers after forced GC, over N).
 */
export async function benchAndroidFanout(agents = 2000) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-android-'));
  const scratch = await createScratchDatabase(PG_URL, 'benchand');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const countFile = path.join(dataDir, 'statement-count');
  const port = 5100 + (process.pid % 90);
  const inspectPort = 9400 + (process.pid % 90);
  const owner = await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: '16600000002', password: 'Bench#2026' });
  await database.db
    .update(store)
    .set({ deviceCount: agents + 10 })
    .where(eq(store.id, owner.storeId));
  const previousArgs = process.env.SERVER_NODE_ARGS;
  process.env.SERVER_NODE_ARGS = `--expose-gc --inspect=127.0.0.1:${inspectPort}`;
  // The server as `npm start` runs it: compiled by esbuild, plain node (as the round-trip bench does).
  buildServer();
  const server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: scratch.url, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error', LEASE_STATEMENT_COUNT_FILE: countFile },
    port,
    { compiled: true },
  );
  process.env.SERVER_NODE_ARGS = previousArgs;
  const fleet: SimulatedAndroidAgent[] = [];
  let issuer: Worker | undefined;
  try {
    // Tokens straight into the table (what the console's enroll-token call writes), then real enrolments over HTTP.
    const tokens = Array.from({ length: agents }, (_, i) => `bench-token-${i}-${process.pid}-${Date.now()}`);
    for (let i = 0; i < agents; i += 500) {
      await database.db
        .insert(androidEnrollToken)
        .values(
          tokens
            .slice(i, i + 500)
            .map((t) => ({ tokenHash: hashToken(t), storeId: owner.storeId, clerkId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) })),
        );
    }
    let next = 0;
    const enrol = async () => {
      while (next < agents) {
        const token = tokens[next++];
        const agent = new SimulatedAndroidAgent({
          serverUrl: server.origin,
          checkinOnConnect: false,
          pollMs: 3_600_000,
          checkinMs: 3_600_000,
          tickMs: 3_600_000,
        });
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
    const pid = server.child.pid!;
    const before = await serverMemory(inspectPort, pid);
    for (const agent of fleet) agent.start();
    await waitFor(() => fleet.every((a) => a.connected), 180_000);
    await new Promise((r) => setTimeout(r, 3000));
    const after = await serverMemory(inspectPort, pid);
    const connected = fleet.filter((a) => a.connected).length;

    // The engine's fan-out, from a second engine in its own thread as a second server process would run it: one
    // statement per slice writes the desired state, an operation-log row and the command for each agent of the
    // slice, and each slice's agents are woken as soon as it commits (commander.fanOut).
    const ids = fleet.map((a) => a.deviceId!);
    const issuerData: IssuerData = { url: scratch.url, origin: server.origin, storeId: owner.storeId, clerkId: owner.id, deviceIds: ids };
    issuer = new Worker(new URL('./android-fanout-issuer.ts', import.meta.url), { workerData: issuerData });
    const fromIssuer = <T>(worker: Worker) => new Promise<T>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await fromIssuer(issuer);
    // BENCH_ANDROID_CPU_PROFILE=<file> writes a CPU profile of the server during the fan-out only.
    const profiler = process.env.BENCH_ANDROID_CPU_PROFILE ? await profileWindow(pid, inspectPort) : null;
    await profiler?.start();
    const since = new Date();
    const statementsBefore = await serverStatements(pid, countFile);
    // CPU of each side over the window: the server, PostgreSQL (every process) and this process (the agents and
    // the issuing thread, which is a second server's share of the work).
    const cpuBefore = { server: cpuMs(pid), postgres: allPostgresCpuMs(), agents: cpuMs(process.pid) };
    const start = performance.now();
    issuer.postMessage('go');
    // Watched while the slices are still being queued: the first phones lock before the last slice commits.
    const firstLocked = waitFor(() => fleet.some((a) => a.data.lock.locked), 120_000).then(() => performance.now() - start);
    const issued = await fromIssuer<{ queued: number; at: number }>(issuer);
    const queuedMs = issued.at - performance.timeOrigin - start;
    if (issued.queued !== agents) throw new Error(`queued ${issued.queued} of ${agents}`);
    const firstLockedMs = await firstLocked;
    await waitFor(() => fleet.every((a) => a.data.lock.locked), 120_000);
    const lockedMs = performance.now() - start;
    // Acknowledged: the server sends `ack` only once the result is committed, so this is "all recorded" too,
    // observed from the phones' side without polling the database during the window.
    const acked = () => fleet.every((a) => a.data.handled.some((h) => h.acked && h.result.status === 'done'));
    await waitFor(acked, 120_000);
    const recordedMs = performance.now() - start;
    const cpuMsPerAgent = {
      server: (cpuMs(pid) - cpuBefore.server) / agents,
      postgres: (allPostgresCpuMs() - cpuBefore.postgres) / agents,
      agents: (cpuMs(process.pid) - cpuBefore.agents) / agents,
    };
    const serverStatementsRun = (await serverStatements(pid, countFile)) - statementsBefore;
    await profiler?.stop(process.env.BENCH_ANDROID_CPU_PROFILE as string);
    const recorded = (
      await database.db
        .select({ n: count() })
        .from(androidCommand)
        .where(and(eq(androidCommand.status, 'done'), gte(androidCommand.createdAt, since)))
    )[0].n;

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
      cpuMsPerAgent,
      serverStatements: serverStatementsRun,
      bytesPerAgent: (after.used - before.used) / connected,
      heapPerAgent: (after.heap - before.heap) / connected,
      externalPerAgent: (after.external - before.external) / connected,
      socketsPerAgent: (after.sockets - before.sockets) / connected,
      rssPerAgent: (after.rss - before.rss) / connected,
    };
  } finally {
    await Promise.all(fleet.map((a) => a.stop()));
    if (issuer) {
      // Closed gracefully (its engine and pool); terminate() settles it if it failed or hangs.
      issuer.postMessage('close');
      await new Promise((resolve) => {
        issuer!.once('exit', resolve);
        setTimeout(resolve, 5000).unref();
      });
      await issuer.terminate();
    }
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
