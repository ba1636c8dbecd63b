import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { createSimFleet, startMockApns } from '@lease/device-sim';
import { createHttp2ApnsClient } from '../apps/server/src/adapters/apns/http2-apns-client.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { securityInfo } from '../apps/server/src/mdm/apple/commands.ts';
import { createMdmEngine } from '../apps/server/src/mdm/apple/mdm-engine.ts';
import { loadMdmKeys } from '../apps/server/src/mdm/apple/mdm-keys.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { IOS_MODULE_EFFECTS } from '../apps/server/src/modules/ios-effects.ts';
import { profileWindow } from './inspector.ts';
import { allPostgresCpuMs, cpuMs, cpuTimes, loadAverage, serverStatements } from './process-stats.ts';
import { buildServer, spawnServer } from '../apps/server/src/test/server-process.ts';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';

const PG_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Round trips as deployed: the server in its own process on PostgreSQL, N simulated iPhones in this process
 * over HTTP, woken by the local APNs stand-in. Commands are queued from here with the server's own commander,
 * as a second server process sharing the database would.
 */
export async function benchRoundTripsProcess(phones = Number(process.env.BENCH_RT_PHONES ?? 2000), perPhone = 5) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-rt-'));
  const scratch = await createScratchDatabase(PG_URL, 'benchrt');
  // The bench's own connections are named, so the server's backends can be told apart from them.
  const benchUrl = new URL(scratch.url);
  benchUrl.searchParams.set('application_name', 'lease-bench');
  const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
  const countFile = path.join(dataDir, 'statement-count');
  const apns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const port = 4800 + (process.pid % 90);
  const admin = await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: '16600000001', password: 'Bench#2026' });
  await database.db
    .update(store)
    .set({ deviceCount: phones + 10 })
    .where(eq(store.id, admin.storeId));
  // The server as `npm start` runs it: compiled by esbuild, plain node.
  buildServer();
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APNS_ORIGIN: apns.origin,
      APNS_AUTH_KEY_FILE: keyFile,
      APNS_KEY_ID: 'B',
      APNS_TEAM_ID: 'B',
      LOGIN_IP_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'error',
      LEASE_STATEMENT_COUNT_FILE: countFile,
    },
    port,
    { compiled: true },
  );
  try {
    const api = async (method: string, url: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${server.origin}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res;
    };
    const token = ((await (await api('POST', '/api/auth/login', null, { account: '16600000001', password: 'Bench#2026' })).json()) as { access_token: string })
      .access_token;
    const serials = Array.from({ length: phones }, (_, i) => `RTRIP${String(i).padStart(7, '0')}`);
    const codes = new Map<string, string>();
    for (let i = 0; i < phones; i += 200) {
      const body = (await (await api('POST', '/api/device/ios/new', token, { serial_numbers: serials.slice(i, i + 200) })).json()) as {
        list: { serial_number: string; enroll_link: string }[];
      };
      for (const d of body.list) codes.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
    }
    const fleet = await createSimFleet({
      count: phones,
      mockApns: apns,
      concurrency: 16,
      pollIntervalMs: 3_600_000,
      phone: (i) => ({ serialNumber: serials[i] }),
      profileProvider: async (serial) => Buffer.from(await (await api('GET', `/api/enroll/profile?code=${codes.get(serial)}`, null)).arrayBuffer()),
    });
    const pending = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(mdmCommand)
          .where(inArray(mdmCommand.status, ['queued', 'sent']))
      )[0].n;
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 250));

    const keys = loadMdmKeys(dataDir);
    const pusher = createHttp2ApnsClient({
      origin: apns.origin,
      topic: keys.topic,
      auth: { kind: 'token', keyPem: fs.readFileSync(keyFile, 'utf8'), keyId: 'B', teamId: 'B' },
      concurrency: 500,
    });
    const engine = createMdmEngine({
      db: database.db,
      keys,
      pusher: () => pusher,
      publicUrl: () => server.origin,
      log: pino({ level: 'silent' }),
      effects: IOS_MODULE_EFFECTS,
    });
    const ids = (await database.db.selectDistinct({ id: mdmCommand.deviceId }).from(mdmCommand)).map((r) => r.id);
    const requests = ids.flatMap((deviceId) => Array.from({ length: perPhone }, () => ({ deviceId, build: (uuid: string) => securityInfo({ uuid }) })));
    const serverPid = server.child.pid as number;
    const statements = () => serverStatements(serverPid, countFile);
    // The server's backends: this database's connections that are not the bench's own.
    const serverBackends = async () =>
      (
        (await database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and application_name <> 'lease-bench'`,
        )) as unknown as {
          rows: { pid: number }[];
        }
      ).rows.map((r) => r.pid);
    const xacts = async () =>
      Number(
        (
          (await database.db.execute(sql`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0].n,
      );
    const sample = async () => {
      const backends = await serverBackends();
      return {
        server: cpuTimes(serverPid),
        backends: new Map(backends.map((pid) => [pid, cpuMs(pid)])),
        allPostgres: allPostgresCpuMs(),
        statements: await statements(),
        xacts: await xacts(),
      };
    };
    // BENCH_RT_CPU_PROFILE=<file> writes a CPU profile of the server during the measured window only.
    const profiler = process.env.BENCH_RT_CPU_PROFILE ? await profileWindow(serverPid) : null;
    const loadBefore = loadAverage();
    const before = await sample();
    await profiler?.start();
    const since = new Date();
    const start = performance.now();
    await engine.commander.enqueue(requests);
    const acked = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(mdmCommand)
          .where(and(eq(mdmCommand.requestType, 'SecurityInfo'), eq(mdmCommand.status, 'acknowledged'), gte(mdmCommand.createdAt, since)))
      )[0].n;
    let done = 0;
    while (done < requests.length && performance.now() - start < 600_000) {
      await new Promise((r) => setTimeout(r, 100));
      done = await acked();
    }
    const seconds = (performance.now() - start) / 1000;
    await profiler?.stop(process.env.BENCH_RT_CPU_PROFILE as string);
    const after = await sample();
    const loadAfter = loadAverage();
    await fleet.stop();
    await pusher.close();
    // A backend that appeared during the window started from 0; one that went away is lost (rare: the pool keeps them).
    let backendMs = 0;
    for (const pid of new Set([...before.backends.keys(), ...(await serverBackends())])) backendMs += cpuMs(pid) - (before.backends.get(pid) ?? 0);
    // One round trip is one answered command with the next one served; each phone's first request (Idle) is in the
    // window too and is counted against the answers, which makes every per-round-trip figure a little worse.
    return {
      phones: ids.length,
      commands: requests.length,
      acked: done,
      seconds,
      perSecond: done / seconds,
      serverCpuMs: (after.server.user + after.server.system - before.server.user - before.server.system) / done,
      serverSystemCpuMs: (after.server.system - before.server.system) / done,
      postgresCpuMs: backendMs / done,
      allPostgresCpuMs: (after.allPostgres - before.allPostgres) / done,
      statementsPerRoundTrip: (after.statements - before.statements) / done,
      xactsPerRoundTrip: (after.xacts - before.xacts) / done,
      load: `${loadBefore} → ${loadAfter}`,
    };
  } finally {
    await server.kill();
    await apns.close();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
