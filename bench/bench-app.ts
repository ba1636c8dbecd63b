import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';
import { startMockApns } from '@lease/device-sim';
import { createHttp2ApnsClient } from '../apps/server/src/adapters/apns/http2-apns-client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ephemeralMdmKeys } from '../apps/server/src/mdm/apple/mdm-keys.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { ephemeralSecrets } from '../apps/server/src/secrets.ts';
import { eq } from 'drizzle-orm';

export type Engine = 'pglite' | 'postgres';
const PG_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** benchApp starts the real app on a fresh database of the given engine, with APNs aimed at a local stand-in. */
export async function benchApp(engine: Engine, storeSlots = 200_000, clock?: () => Date) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-'));
  let dropDb: (() => Promise<void>) | undefined;
  let database;
  if (engine === 'postgres') {
    const scratch = await createScratchDatabase(PG_URL, 'bench');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    dropDb = scratch.drop;
  } else {
    database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  }
  const keys = ephemeralMdmKeys();
  const apns = await startMockApns();
  const keyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pusher = createHttp2ApnsClient({ origin: apns.origin, topic: keys.topic, auth: { kind: 'token', keyPem, keyId: 'B', teamId: 'B' }, concurrency: 500 });
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none'), LOGIN_IP_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, secrets: ephemeralSecrets(), mdmKeys: keys, apnsPusher: pusher, clock });
  await app.ready();
  const admin = await createStoreWithAdmin(database.db, {
    storeName: '压测门店',
    adminName: '压测',
    phoneNumber: `166${String(Date.now()).slice(-8)}`,
    password: 'Bench#2026',
  });
  await database.db.update(store).set({ deviceCount: storeSlots }).where(eq(store.id, admin.storeId));
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: admin.phoneNumber, password: 'Bench#2026' } });
  const headers = { authorization: `Bearer ${login.json().access_token}` };
  return {
    app,
    db: database.db,
    apns,
    admin,
    headers,
    async close() {
      await app.close();
      await apns.close();
      await database.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type BenchApp = Awaited<ReturnType<typeof benchApp>>;

/**
 * registerSerials registers `count` Apple serials (prefix padded with digits to 12 characters) in the bench store, 200
 * a call as the console does, and returns them with each one's enrolment code (the `/enroll/{code}` of its link).
 */
export async function registerSerials(b: BenchApp, prefix: string, count: number) {
  const serials = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(12 - prefix.length, '0')}`);
  const codes = new Map<string, string>();
  for (let i = 0; i < count; i += 200) {
    const res = await b.app.inject({ method: 'POST', url: '/api/device/ios/new', headers: b.headers, payload: { serial_numbers: serials.slice(i, i + 200) } });
    for (const d of res.json().list as { serial_number: string; enroll_link: string }[]) codes.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
  }
  return { serials, codes };
}
