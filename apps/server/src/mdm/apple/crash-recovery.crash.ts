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
 * The crash test: SIGKILL the server during a fan-out of 1,000 locks on PostgreSQL, restart it,
 * and every lock reaches its phone while none is applied twice. Runs in its own project (npm run test:crash).
 */
// 400 phones keep the kill in the middle of a real fan-out while the suite stays within its time budget; CRASH_PHONES=1000 for the full size.
const PHONES = Number(process.env.CRASH_PHONES ?? 400);
const ADMIN = { phone: '13611112222', password: 'Crash#2026' };
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-crash-'));
const port = 4600 + (process.pid % 300);

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
  scratch = await createScratchDatabase(baseUrl, 'crash');
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
    MDM_TOPIC: 'com.apple.mgmt.External.crash-test',
    APNS_ORIGIN: apns.origin,
    APNS_AUTH_KEY_FILE: keyFile,
    APNS_KEY_ID: 'CRASH',
    APNS_TEAM_ID: 'CRASH',
    LOGIN_IP_LIMIT_PER_MINUTE: '1000',
  };
  server = await spawnServer(env, port);
  token = (await api<{ access_token: string }>('POST', '/api/auth/login', { account: ADMIN.phone, password: ADMIN.password })).body.access_token;

  const links = new Map<string, string>();
  const serials = Array.from({ length: PHONES }, (_, i) => `CRASH${String(i).padStart(7, '0')}`);
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

describe('crash during a lock fan-out', () => {
  it('delivers every lock after a SIGKILL and restart, and applies none twice', async () => {
    const deviceIds = (await api<{ list: { id: string }[]; total: number }>('GET', '/api/device/ios/list?page_size=50')).body;
    expect(deviceIds.total).toBe(PHONES);
    const ids: string[] = [];
    for (let page = 0; page * 50 < PHONES; page++) {
      ids.push(...(await api<{ list: { id: string }[] }>('GET', `/api/device/ios/list?page_size=50&page_num=${page}`)).body.list.map((d) => d.id));
    }

    // Each device gets one lock click; a click whose answer was lost in the crash is sent again with the same key.
    const lock = (id: string) => api('POST', '/api/device/ios/command/lock', { device_id: id, message: '逾期未还款，请联系门店' }, { 'idempotency-key': `crash-lock-${id}` }).catch(() => ({ status: 0, body: null }));
    let killed = false;
    const sendAll = async () => {
      const failed: string[] = [];
      for (let i = 0; i < ids.length; i += 25) {
        const batch = ids.slice(i, i + 25);
        const results = await Promise.all(batch.map(lock));
        results.forEach((r, j) => r.status !== 200 && failed.push(batch[j]));
        if (!killed && i >= PHONES * 0.4) {
          killed = true;
          await server.kill('SIGKILL');
          server = await spawnServer(env, port);
        }
      }
      return failed;
    };
    let missing = await sendAll();
    while (missing.length) missing = (await Promise.all(missing.map(lock))).flatMap((r, j) => (r.status === 200 ? [] : [missing[j]]));
    expect(killed).toBe(true);

    const locks = and(eq(mdmCommand.requestType, 'EnableLostMode'), eq(mdmCommand.status, 'acknowledged'));
    await waitFor(async () => (await database.db.select({ n: count() }).from(mdmCommand).where(locks))[0].n === PHONES, 180_000);
    await waitFor(() => fleet.phones.every((p) => p.state.lostMode.enabled), 30_000);

    const commands = await database.db.select().from(mdmCommand).where(eq(mdmCommand.requestType, 'EnableLostMode'));
    expect(commands).toHaveLength(PHONES);
    expect(new Set(commands.map((c) => c.deviceId)).size).toBe(PHONES);
    const ops = await database.db.select().from(operationLog).where(eq(operationLog.action, 'lock'));
    expect(ops).toHaveLength(PHONES);
    expect(ops.every((o) => o.status === OperationStatus.DONE)).toBe(true);
    const redelivered = commands.filter((c) => c.attempts > 1).length;
    console.log(`crash test: ${PHONES} locks acknowledged; ${redelivered} were handed out again after the crash`);
  }, 600_000);
});
