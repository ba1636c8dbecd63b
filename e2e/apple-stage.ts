import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type MockApns, startMockApns } from '@lease/device-sim';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { seedE2e } from './seed.ts';

export interface AppleStage {
  server: ServerProcess;
  apns: MockApns;
  close(): Promise<void>;
}

/**
 * startAppleStage runs the built console's server in its own process on the seeded e2e store, pushing through a
 * local APNs stand-in, so simulated iPhones enrol and are woken as real ones are. Each file picks its own port base.
 */
export async function startAppleStage(name: string, portBase: number): Promise<AppleStage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lease-e2e-${name}-`));
  const port = portBase + (process.pid % 90);
  await seedE2e(dataDir);
  const apns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APNS_ORIGIN: apns.origin,
      APNS_AUTH_KEY_FILE: keyFile,
      APNS_KEY_ID: 'E2E',
      APNS_TEAM_ID: 'E2E',
      LOGIN_IP_LIMIT_PER_MINUTE: '1000',
    },
    port,
  );
  return {
    server,
    apns,
    async close() {
      await server.kill();
      await apns.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
