import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SimulatedAndroidAgent, createSimFleet, startMockApns } from '@lease/device-sim';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { androidEnrollToken } from '../apps/server/src/mdm/android/android-agent.table.ts';
import { hashToken } from '../apps/server/src/mdm/android/enroll-token.service.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { buildServer, spawnServer } from '../apps/server/src/test/server-process.ts';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';
import { type Inspector, openInspector } from './inspector.ts';
import { loadAverage } from './process-stats.ts';

const PG_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const MB = 1048576;

/** One reading of the server and its database, taken before each wave. */
export interface SoakSample {
  at: number;
  rss: number;
  heap: number;
  /** Active handles and requests other than TCP sockets (timers, listeners, files, DNS…). */
  handles: number;
  /** TCP sockets: the agents' WebSockets, the iPhones' keep-alive connections, the database pool. */
  sockets: number;
  connections: number;
  pending: number;
  tableBytes: number;
}

/**
 * What "grows without bound" means here. The first quarter of the run (at least a minute) is warm-up: pools fill,
 * the JIT settles, the phones' first check-ins land. Over the rest, the mean of its last quarter is compared with
 * the mean of its first quarter; a figure fails when it grew by more than `rel` of where it started AND by more than
 * `abs`. Quarter means, not a regression slope: readings of a garbage-collected heap and of a queue sampled between
 * waves are a saw-tooth, and over a short run a slope of a dozen such points swings either way, while a real leak
 * grows in both quarters' means. The floors keep a small figure (5 connections, 40 pending rows) from failing on
 * noise; the ratio keeps a large one from hiding a leak of a few MB a minute over an hour.
 */
export const soakLimits = (phones: number): Record<Exclude<keyof SoakSample, 'at'>, { rel: number; abs: number; unit: string }> => ({
  heap: { rel: 0.2, abs: 16 * MB, unit: 'MB' },
  rss: { rel: 0.25, abs: 48 * MB, unit: 'MB' },
  handles: { rel: 0.2, abs: 50, unit: '' },
  // Sockets follow the check-ins in flight (an iPhone's keep-alive connection lives a few seconds after its session):
  // a swing of a tenth of the fleet is traffic, not a leak.
  sockets: { rel: 0.25, abs: 50 + phones / 10, unit: '' },
  connections: { rel: 0.5, abs: 5, unit: '' },
  pending: { rel: 1, abs: 200, unit: '' },
  tableBytes: { rel: 0.2, abs: 8 * MB, unit: 'MB' },
});

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (v: number, unit: string) => (unit === 'MB' ? `${(v / MB).toFixed(1)} MB` : v.toFixed(0));

/** judgeSoak applies soakLimits; returns one line per figure and the ones that grew without bound. */
export function judgeSoak(samples: SoakSample[], warmupMs: number, limits: ReturnType<typeof soakLimits>) {
  const t0 = samples[0]?.at ?? 0;
  const steady = samples.filter((s) => s.at - t0 >= warmupMs);
  const q = Math.max(1, Math.floor(steady.length / 4));
  const lines: string[] = [];
  const grew: string[] = [];
  if (steady.length < 4) return { lines: [`only ${steady.length} readings after warm-up: too short to judge`], grew: ['too short'] };
  for (const [key, limit] of Object.entries(limits) as [keyof typeof limits, (typeof limits)['heap']][]) {
    const first = mean(steady.slice(0, q).map((s) => s[key]));
    const last = mean(steady.slice(-q).map((s) => s[key]));
    // Least-squares slope over the steady part, per 10 minutes, printed for the record.
    const xs = steady.map((s) => (s.at - t0) / 600_000);
    const ys = steady.map((s) => s[key]);
    const mx = mean(xs);
    const my = mean(ys);
    const slope =
      xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) /
      Math.max(
        1e-9,
        xs.reduce((a, x) => a + (x - mx) ** 2, 0),
      );
    const bad = last - first > limit.abs && last - first > limit.rel * first;
    lines.push(
      `${key.padEnd(12)} first quarter ${fmt(first, limit.unit).padStart(9)}, last quarter ${fmt(last, limit.unit).padStart(9)}, slope ${fmt(slope, limit.unit)}/10 min; limit +${limit.rel * 100}% and +${fmt(limit.abs, limit.unit)}${bad ? '  ← GROWS' : ''}`,
    );
    if (bad) grew.push(key);
  }
  return { lines, grew };
}

/**
 * The soak (checklist #12): the server compiled in its own process on PostgreSQL, `ios` simulated iPhones woken
 * through the local APNs stand-in and checking in every 2 minutes, `android` agents on their WebSockets checking in
 * every 2 minutes; every `cycleMs` a wave locks a tenth of each fleet through the console API, the next wave unlocks
 * it, and so on round the fleets. Before each wave it reads the server's RSS, heap after a forced GC and active
 * handles (through the inspector), the database connections in use (pg_stat_activity of the scratch database, the
 * bench's own left out), the command-queue depth (pending rows of both platforms) and the command tables' size; it
 * prints a line a minute and judges the run with judgeSoak.
 */
export async function soak(minutes: number, ios = 1000, android = 1000, cycleMs = 10_000) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-soak-'));
  const scratch = await createScratchDatabase(PG_URL, 'benchsoak');
  const benchUrl = new URL(scratch.url);
  benchUrl.searchParams.set('application_name', 'lease-bench');
  const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
  const db = database.db;
  const apns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const port = 5300 + (process.pid % 90);
  const inspectPort = 9500 + (process.pid % 90);
  const phoneNumber = '16600000003';
  const admin = await createStoreWithAdmin(db, { storeName: '压测门店', adminName: '压测', phoneNumber, password: 'Bench#2026' });
  await db
    .update(store)
    .set({ deviceCount: ios + android + 10 })
    .where(eq(store.id, admin.storeId));
  const previousArgs = process.env.SERVER_NODE_ARGS;
  process.env.SERVER_NODE_ARGS = `--expose-gc --inspect=127.0.0.1:${inspectPort}`;
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
    },
    port,
    { compiled: true },
  );
  process.env.SERVER_NODE_ARGS = previousArgs;
  const pid = server.child.pid as number;
  const agents: SimulatedAndroidAgent[] = [];
  let fleet: Awaited<ReturnType<typeof createSimFleet>> | undefined;
  let inspector: Inspector | undefined;
  try {
    let token = '';
    let tokenAt = 0;
    const api = async (method: string, url: string, body?: unknown) => {
      // Signed in again every 10 minutes: an hour outlives an access token.
      if (!token || Date.now() - tokenAt > 600_000) {
        const res = await fetch(`${server.origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: phoneNumber, password: 'Bench#2026' }),
        });
        token = ((await res.json()) as { access_token: string }).access_token;
        tokenAt = Date.now();
      }
      return fetch(`${server.origin}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${token}` },
        body: body ? JSON.stringify(body) : undefined,
      });
    };

    // The fleets: iPhones through their enrolment links, agents through enrolment tokens (as the console writes them).
    const setupStart = performance.now();
    const serials = Array.from({ length: ios }, (_, i) => `SOAK${String(i).padStart(8, '0')}`);
    const codes = new Map<string, string>();
    for (let i = 0; i < ios; i += 200) {
      const body = (await (await api('POST', '/api/device/ios/new', { serial_numbers: serials.slice(i, i + 200) })).json()) as {
        list: { serial_number: string; enroll_link: string }[];
      };
      for (const d of body.list) codes.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
    }
    fleet = await createSimFleet({
      count: ios,
      mockApns: apns,
      concurrency: 16,
      pollIntervalMs: 120_000,
      phone: (i) => ({ serialNumber: serials[i] }),
      profileProvider: async (serial) => Buffer.from(await (await fetch(`${server.origin}/api/enroll/profile?code=${codes.get(serial)}`)).arrayBuffer()),
    });
    if (fleet.failures.length) throw new Error(`soak: ${fleet.failures.length} iPhones failed to enrol: ${fleet.failures[0].error}`);
    const tokens = Array.from({ length: android }, (_, i) => `soak-token-${i}-${process.pid}-${Date.now()}`);
    for (let i = 0; i < android; i += 500) {
      await db
        .insert(androidEnrollToken)
        .values(
          tokens
            .slice(i, i + 500)
            .map((t) => ({ tokenHash: hashToken(t), storeId: admin.storeId, clerkId: admin.id, expiresAt: new Date(Date.now() + 3_600_000) })),
        );
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < android) {
          const agent = new SimulatedAndroidAgent({ serverUrl: server.origin, checkinMs: 120_000, pollMs: 3_600_000, tickMs: 3_600_000 });
          const token = tokens[next++];
          // A busy box can make the server answer 503 (database pool wait): the agent tries again, as a real one would.
          for (let attempt = 1; ; attempt++) {
            try {
              await agent.enroll(token);
              break;
            } catch (err) {
              if ((err as { status?: number }).status !== 503 || attempt >= 5) throw err;
              await new Promise((r) => setTimeout(r, 1000 * attempt));
            }
          }
          agents.push(agent);
          agent.start();
        }
      }),
    );
    const iosIds = rowsOf<{ id: string }>(await db.execute(sql`select device_id as id from mdm_enrollment order by device_id`)).map((r) => r.id);
    const androidIds = agents.map((a) => a.deviceId as string);
    console.log(
      `    soak set up in ${((performance.now() - setupStart) / 1000).toFixed(0)} s: ${iosIds.length} iPhones, ${androidIds.length} agents; load ${loadAverage()}`,
    );

    // One inspector session for the whole run (a session per reading would log its attach and detach each time).
    inspector = await openInspector(inspectPort);
    const evaluate = async (expression: string) =>
      ((await inspector!.call('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: string } }).result.value;
    const sample = async (): Promise<SoakSample> => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      const inside = JSON.parse(
        await evaluate(
          `(() => { globalThis.gc(); const r = process.getActiveResourcesInfo(); const sockets = r.filter((k) => k === 'TCPSocketWrap').length; return JSON.stringify({ heap: process.memoryUsage().heapUsed, handles: r.length - sockets, sockets }); })()`,
        ),
      ) as { heap: number; handles: number; sockets: number };
      const [row] = rowsOf<{ connections: string; pending: string; table_bytes: string }>(
        await db.execute(sql`
          select (select count(*) from pg_stat_activity where datname = current_database() and application_name <> 'lease-bench') as connections,
                 (select count(*) from mdm_command where status in ('queued', 'sent', 'not-now'))
                   + (select count(*) from android_command where completed_at is null) as pending,
                 pg_total_relation_size('mdm_command') + pg_total_relation_size('android_command') as table_bytes`),
      );
      return { at: Date.now(), rss, ...inside, connections: Number(row.connections), pending: Number(row.pending), tableBytes: Number(row.table_bytes) };
    };

    // The waves: lock a tenth of each fleet, next wave unlock it, then the next tenth. 20 requests in flight at most.
    const slice = (ids: string[], k: number) => ids.slice((k % 10) * Math.ceil(ids.length / 10), ((k % 10) + 1) * Math.ceil(ids.length / 10));
    const failures: string[] = [];
    const wave = async (w: number) => {
      const lock = w % 2 === 0;
      const k = Math.floor(w / 2);
      const calls = [
        ...slice(iosIds, k).map((id) =>
          lock
            ? () => api('POST', '/api/device/ios/command/lock', { device_id: id, message: '逾期未还款' })
            : () => api('POST', '/api/device/ios/command/unlock', { device_id: id }),
        ),
        ...slice(androidIds, k).map((id) =>
          lock
            ? () => api('POST', `/api/device/android/${id}/operation/lock`, { message: '逾期未还款' })
            : () => api('POST', `/api/device/android/${id}/operation/unlock`),
        ),
      ];
      let i = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (i < calls.length) {
            const res = await calls[i++]();
            if (res.status >= 500) failures.push(`${res.status} ${res.url}`);
            else await res.arrayBuffer();
          }
        }),
      );
    };

    const samples: SoakSample[] = [];
    const start = Date.now();
    let w = 0;
    while (Date.now() - start < minutes * 60_000) {
      const waveStart = Date.now();
      const s = await sample();
      samples.push(s);
      if (samples.length === 1 || (s.at - start) / 60_000 >= Math.floor((samples.at(-2)!.at - start) / 60_000) + 1) {
        console.log(
          `    min ${((s.at - start) / 60_000).toFixed(0).padStart(3)}: RSS ${fmt(s.rss, 'MB')}, heap ${fmt(s.heap, 'MB')}, handles ${s.handles} + ${s.sockets} sockets, DB connections ${s.connections}, pending rows ${s.pending}, command tables ${fmt(s.tableBytes, 'MB')}; waves ${w}, load ${loadAverage()}`,
        );
      }
      await wave(w++);
      await new Promise((r) => setTimeout(r, Math.max(0, cycleMs - (Date.now() - waveStart))));
    }
    samples.push(await sample());
    const stats = fleet.stats();
    const verdict = judgeSoak(samples, Math.max(60_000, (minutes * 60_000) / 4), soakLimits(ios + android));
    return {
      minutes,
      ios: iosIds.length,
      android: androidIds.length,
      waves: w,
      samples,
      verdict,
      serverErrors: failures,
      iosCommands: stats.commands,
      iosErrors: stats.errors,
      androidHandled: agents.reduce((n, a) => n + a.data.handled.length, 0),
    };
  } finally {
    inspector?.close();
    await Promise.all(agents.map((a) => a.stop()));
    await fleet?.stop();
    await server.kill();
    await apns.close();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
