import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { OperationStatus } from '@lease/shared';
import { type MockApns, type SimFleet, createSimFleet, startMockApns } from '@lease/device-sim';
import { type Database, openDatabase } from '../db/client.ts';
import { mdmCommand } from '../mdm/apple/mdm.table.ts';
import { operationLog } from '../domain/operation-log.table.ts';
import { createStoreWithAdmin } from '../modules/store/register-store.service.ts';
import { store } from '../domain/store.table.ts';
import { waitFor } from './mdm-harness.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';
import { createScratchDatabase } from './test-db.ts';

export interface LockFanOutOptions {
  /** Names the scratch database, DATA_DIR, MDM topic and APNs key of this test. */
  name: string;
  phones: number;
  admin: { phone: string; password: string };
  /** Ports portBase..portBase+299, chosen by pid so parallel runs do not collide. */
  portBase: number;
  /** Serial numbers are the prefix padded with digits to 12 characters. */
  serialPrefix: string;
}

/**
 * A store with `phones` simulated iPhones enrolled over the real protocol into a server in its own process on
 * PostgreSQL: the stage of the process tests that stop the server during a lock fan-out (SIGKILL, SIGTERM) and
 * check afterwards that every lock reached its phone exactly once.
 */
export async function startLockFanOutStage(o: LockFanOutOptions) {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lease-${o.name}-`));
  const port = o.portBase + (process.pid % 300);
  const scratch = await createScratchDatabase(baseUrl, o.name);
  const database: Database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const owner = await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: o.admin.phone, password: o.admin.password });
  await database.db
    .update(store)
    .set({ deviceCount: o.phones + 10 })
    .where(eq(store.id, owner.storeId));

  const apns: MockApns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns-token.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MDM_TOPIC: `com.apple.mgmt.External.${o.name}-test`,
    APNS_ORIGIN: apns.origin,
    APNS_AUTH_KEY_FILE: keyFile,
    APNS_KEY_ID: o.name.toUpperCase(),
    APNS_TEAM_ID: o.name.toUpperCase(),
    LOGIN_IP_LIMIT_PER_MINUTE: '1000',
  };
  let token = '';
  const stage = {
    database,
    env,
    server: (await spawnServer(env, port)) as ServerProcess,
    fleet: undefined as unknown as SimFleet,
    /** restart starts the server again on the same port, database and DATA_DIR. */
    async restart() {
      stage.server = await spawnServer(env, port);
    },
    async api<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
      const res = await fetch(`${stage.server.origin}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const type = res.headers.get('content-type') ?? '';
      return { status: res.status, body: (type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T };
    },
    /** lock is one clerk's click on 锁定; a click whose answer was lost is sent again with the same key. */
    lock: (id: string) =>
      stage
        .api('POST', '/api/device/ios/command/lock', { device_id: id, message: '逾期未还款，请联系门店' }, { 'idempotency-key': `${o.name}-lock-${id}` })
        .catch(() => ({ status: 0, body: null })),
    async deviceIds() {
      const ids: string[] = [];
      for (let page = 0; page * 50 < o.phones; page++) {
        ids.push(...(await stage.api<{ list: { id: string }[] }>('GET', `/api/device/ios/list?page_size=50&page_num=${page}`)).body.list.map((d) => d.id));
      }
      return ids;
    },
    /** expectEveryLockOnce waits until every phone acknowledged its lock and checks none was queued or logged twice. */
    async expectEveryLockOnce() {
      const locks = and(eq(mdmCommand.requestType, 'EnableLostMode'), eq(mdmCommand.status, 'acknowledged'));
      await waitFor(async () => (await database.db.select({ n: count() }).from(mdmCommand).where(locks))[0].n === o.phones, 180_000);
      await waitFor(() => stage.fleet.phones.every((p) => p.state.lostMode.enabled), 30_000);
      const commands = await database.db.select().from(mdmCommand).where(eq(mdmCommand.requestType, 'EnableLostMode'));
      expect(commands).toHaveLength(o.phones);
      expect(new Set(commands.map((c) => c.deviceId)).size).toBe(o.phones);
      const ops = await database.db.select().from(operationLog).where(eq(operationLog.action, 'lock'));
      expect(ops).toHaveLength(o.phones);
      expect(ops.every((op) => op.status === OperationStatus.DONE)).toBe(true);
      return { redelivered: commands.filter((c) => c.attempts > 1).length };
    },
    async close() {
      await stage.fleet?.stop();
      await stage.server?.kill('SIGTERM');
      await apns.close();
      await database.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  token = (await stage.api<{ access_token: string }>('POST', '/api/auth/login', { account: o.admin.phone, password: o.admin.password })).body.access_token;

  const links = new Map<string, string>();
  const serials = Array.from({ length: o.phones }, (_, i) => `${o.serialPrefix}${String(i).padStart(12 - o.serialPrefix.length, '0')}`);
  for (let i = 0; i < o.phones; i += 200) {
    const res = await stage.api<{ list: { serial_number: string; enroll_link: string }[] }>('POST', '/api/device/ios/new', {
      serial_numbers: serials.slice(i, i + 200),
    });
    for (const d of res.body.list) links.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
  }
  stage.fleet = await createSimFleet({
    count: o.phones,
    mockApns: apns,
    concurrency: 8,
    pollIntervalMs: 4000,
    phone: (i) => ({ serialNumber: serials[i], retry: { initialMs: 200, maxMs: 1000 } }),
    profileProvider: async (serial) => (await stage.api<Buffer>('GET', `/api/enroll/profile?code=${links.get(serial)}`)).body,
  });
  expect(stage.fleet.failures).toEqual([]);
  // Let the enrolment refetches drain so the fan-out is the only work in flight.
  await waitFor(async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(mdmCommand).where(eq(mdmCommand.status, 'queued'));
    return n === 0;
  }, 120_000);
  return stage;
}
export type LockFanOutStage = Awaited<ReturnType<typeof startLockFanOutStage>>;
