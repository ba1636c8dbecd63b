import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { SimulatedAndroidAgent } from '@lease/device-sim';
import { type Database, openDatabase } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { createStoreWithAdmin } from '../../modules/store/register-store.service.ts';
import { type ServerProcess, spawnServer } from '../../test/server-process.ts';
import { createScratchDatabase } from '../../test/test-db.ts';
import { waitUntil } from './test/android-harness.ts';

/**
 * Two server processes on one PostgreSQL database: a lock issued on process A reaches an agent whose
 * WebSocket lives on process B (LISTEN/NOTIFY), and B records the result A's operation log shows.
 */
const ADMIN = { phone: '13622223333', password: 'Wake#2026' };
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-wake-'));
const portA = 4900 + (process.pid % 200);
const portB = portA + 200;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
let agent: SimulatedAndroidAgent;
let token = '';

async function api<T>(origin: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(baseUrl, 'wake');
  database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await createStoreWithAdmin(database.db, { storeName: '跨进程门店', adminName: '测试', phoneNumber: ADMIN.phone, password: ADMIN.password });
  const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOGIN_IP_LIMIT_PER_MINUTE: '1000', DEMO_DEVICES: '0' };
  // A first: it creates the shared keys in DATA_DIR that B then reads.
  a = await spawnServer({ ...env, PUBLIC_URL: `http://127.0.0.1:${portA}` }, portA);
  b = await spawnServer({ ...env, PUBLIC_URL: `http://127.0.0.1:${portB}` }, portB);
  token = (await api<{ access_token: string }>(a.origin, 'POST', '/api/auth/login', { account: ADMIN.phone, password: ADMIN.password })).access_token;
});

afterAll(async () => {
  await agent?.stop();
  await Promise.all([a?.kill(), b?.kill()]);
  await database?.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('cross-process wake-up', () => {
  it('a lock issued on process A reaches the agent connected to process B', async () => {
    const { token: enrollToken } = await api<{ token: string }>(a.origin, 'POST', '/api/device/android/enroll-token', {});
    agent = new SimulatedAndroidAgent({ serverUrl: b.origin, pollMs: 3_600_000, checkinMs: 3_600_000, tickMs: 3_600_000 });
    await agent.enroll(enrollToken);
    agent.start();
    await waitUntil(() => agent.connected, 15_000);
    const started = Date.now();
    const op = await api<{ operation_log_id: string }>(a.origin, 'POST', `/api/device/android/${agent.deviceId}/operation/lock`, {
      message: '跨进程锁定',
      phone_number: '13800000000',
    });
    await waitUntil(() => agent.state().lockScreen.locked, 10_000);
    // Polling is off (an hour), so only the NOTIFY from A to B can have delivered it this fast.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(agent.stats.polls).toBe(0);
    await waitUntil(
      async () => (await database.db.select().from(operationLog).where(eq(operationLog.id, op.operation_log_id)))[0].status === OperationStatus.DONE,
      10_000,
    );
    const [device] = await database.db.select().from(androidDevice).where(eq(androidDevice.id, agent.deviceId!));
    expect(device.lockStatus).toBe(LockStatus.LOCKED);
    expect(agent.state().lockScreen.message).toBe('跨进程锁定');

    // And back: twice fast rules out the 30-second safety sweep having done the delivery by chance.
    const again = Date.now();
    await api(a.origin, 'POST', `/api/device/android/${agent.deviceId}/operation/unlock`, {});
    await waitUntil(() => !agent.state().lockScreen.locked, 10_000);
    expect(Date.now() - again).toBeLessThan(5_000);
    expect(agent.stats.polls).toBe(0);
  });
});
