import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { ephemeralSecrets } from '../apps/server/src/secrets.ts';
import { percentile } from './stats.ts';

/** Server time of POST /api/auth/login (argon2id verify, throttle queries, session insert), in process. */
export async function benchLogin(kind: 'pglite' | 'postgres', runs = 60) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-'));
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/test' })
      : await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none'), LOGIN_IP_LIMIT_PER_MINUTE: '100000' });
  const app = await buildApp({ config, database, secrets: ephemeralSecrets() });
  const phone = `166${String(Date.now()).slice(-8)}`;
  await createStoreWithAdmin(database.db, { storeName: '压测门店', adminName: '压测', phoneNumber: phone, password: 'Bench#2026' });
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: phone, password: 'Bench#2026' },
      remoteAddress: `10.0.${i % 250}.1`,
    });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    if (i >= 5) times.push(ms);
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
