import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus } from '@lease/shared';
import { type MockApns, type SimFleet, createSimFleet, startMockApns } from '@lease/device-sim';
import { type Database, openDatabase } from '../../db/client.ts';
import { operationLog } from '../../modules/logs/logs.table.ts';
import { store } from '../../modules/store/store.table.ts';
import { createStoreWithAdmin } from '../../modules/store/register-store.service.ts';
import { type ServerProcess, spawnServer } from '../../test/server-process.ts';
import { waitFor } from '../../test/mdm-harness.ts';
import { createScratchDatabase } from '../../test/test-db.ts';
import { mdmCommand } from './mdm.table.ts';

/**
 * Graceful shutdown (issue 17): SIGTERM the server while lock requests are in flight during a fan-out on
 * PostgreSQL. It must answer the requests it had accepted, exit 0, and after a restart every lock reaches its
 * phone once. The SIGKILL version is crash-recovery.crash.ts. Runs in the crash project (npm run test:crash).
 */
const PHONES = Number(process.env.SIGTERM_PHONES ?? 150);
const ADMIN = { phone: '13611113333', password: 'Crash#2026' };
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-sigterm-'));
const port = 4900 + (process.pid % 300);

let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let apns: MockApns;
let fleet: SimFleet;
let server: ServerProcess;
let env: Record<string, string>;
let token = '';

async function api<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: (type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T };
}

beforeAll(async () => {
  scratch = await createScratchDatabase(baseUrl, 'sigterm');
  database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const owner = await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: ADMIN.phone, password: ADMIN.password });
  await database.db.update(store).set({ deviceCount: PHONES + 10 }).where(eq(store.id, owner.storeId));

  apns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns-token.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MDM_TOPIC: 'com.apple.mgmt.External.sigterm-test',
    APNS_ORIGIN: apns.origin,
    APNS_AUTH_KEY_FILE: keyFile,
    APNS_KEY_ID: 'CRASH',
    APNS_TEAM_ID: 'CRASH',
    LOGIN_IP_LIMIT_PER_MINUTE: '1000',
  };
  server = await spawnServer(env, port);
  token = (await api<{ access_token: string }>('POST', '/api/auth/login', { account: ADMIN.phone, password: ADMIN.password })).body.access_token;

  const links = new Map<string, string>();
  const serials = Array.from({ length: PHONES }, (_, i) => `TERM${String(i).padStart(8, '0')}`);
  for (let i = 0; i < PHONES; i += 200) {
    const res = await api<{ list: { serial_number: string; enroll_link: string }[] }>('POST', '/api/device/ios/new', { serial_numbers: serials.slice(i, i + 200) });
    for (const d of res.body.list) links.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
  }
  fleet = await createSimFleet({
    count: PHONES,
    mockApns: apns,
    concurrency: 8,
    pollIntervalMs: 4000,
    phone: (i) => ({ serialNumber: serials[i], retry: { initialMs: 200, maxMs: 1000 } }),
    profileProvider: async (serial) => (await api<Buffer>('GET', `/api/enroll/profile?code=${links.get(serial)}`)).body,
  });
  expect(fleet.failures).toEqual([]);
  // Let the enrolment refetches drain so the fan-out below is the only work in flight.
  await waitFor(async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(mdmCommand).where(eq(mdmCommand.status, 'queued'));
    return n === 0;
  }, 120_000);
}, 600_000);

afterAll(async () => {
  await fleet?.stop();
  await server?.kill('SIGTERM');
  await apns?.close();
  await database?.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during a lock fan-out', () => {
  it('answers the requests in flight, exits 0, and after a restart every lock is applied once', async () => {
    const ids: string[] = [];
    for (let page = 0; page * 50 < PHONES; page++) {
      ids.push(...(await api<{ list: { id: string }[] }>('GET', `/api/device/ios/list?page_size=50&page_num=${page}`)).body.list.map((d) => d.id));
    }
    expect(ids).toHaveLength(PHONES);

    // Each device gets one lock click; a click refused while the server was down is sent again with the same key.
    const lock = (id: string) => api('POST', '/api/device/ios/command/lock', { device_id: id, message: '逾期未还款，请联系门店' }, { 'idempotency-key': `term-lock-${id}` }).catch(() => ({ status: 0, body: null }));
    let exitCode: number | null = null;
    let inFlightAtTerm: { status: number }[] = [];
    const sendAll = async () => {
      const failed: string[] = [];
      for (let i = 0; i < ids.length; i += 25) {
        const batch = ids.slice(i, i + 25);
        const pending = batch.map(lock);
        if (exitCode === null && i >= PHONES * 0.4) {
          // The signal arrives while this batch is on the wire: the requests the server has accepted must be answered.
          await new Promise((r) => setTimeout(r, 30));
          const stopped = server.kill('SIGTERM');
          inFlightAtTerm = await Promise.all(pending);
          await stopped;
          exitCode = server.child.exitCode;
          server = await spawnServer(env, port);
        }
        const results = await Promise.all(pending);
        results.forEach((r, j) => r.status !== 200 && failed.push(batch[j]));
      }
      return failed;
    };
    let missing = await sendAll();
    while (missing.length) missing = (await Promise.all(missing.map(lock))).flatMap((r, j) => (r.status === 200 ? [] : [missing[j]]));
    expect(exitCode).toBe(0);
    // Answered or refused outright (connection refused: sent again above), never a 5xx from a half-closed server.
    expect(inFlightAtTerm.every((r) => r.status === 200 || r.status === 0)).toBe(true);
    expect(inFlightAtTerm.some((r) => r.status === 200)).toBe(true);

    const locks = and(eq(mdmCommand.requestType, 'EnableLostMode'), eq(mdmCommand.status, 'acknowledged'));
    await waitFor(async () => (await database.db.select({ n: count() }).from(mdmCommand).where(locks))[0].n === PHONES, 180_000);
    await waitFor(() => fleet.phones.every((p) => p.state.lostMode.enabled), 30_000);

    const commands = await database.db.select().from(mdmCommand).where(eq(mdmCommand.requestType, 'EnableLostMode'));
    expect(commands).toHaveLength(PHONES);
    expect(new Set(commands.map((c) => c.deviceId)).size).toBe(PHONES);
    const ops = await database.db.select().from(operationLog).where(eq(operationLog.action, 'lock'));
    expect(ops).toHaveLength(PHONES);
    expect(ops.every((o) => o.status === OperationStatus.DONE)).toBe(true);
    console.log(`sigterm test: ${PHONES} locks acknowledged; ${inFlightAtTerm.filter((r) => r.status === 200).length} of a batch in flight answered before exit 0`);
  }, 600_000);
});
