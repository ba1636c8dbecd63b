import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type MockApns, type SimulatedIphone, type SimulatedIphoneOptions, createSimulatedIphone, startMockApns } from '@lease/device-sim';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { E2E, seedE2e } from './seed.ts';

/** AdminApi calls the stage's server as the store admin: GET without a body, POST with one; a refusal throws. */
export type AdminApi = <T>(url: string, body?: object) => Promise<T>;

export interface AppleStage {
  server: ServerProcess;
  apns: MockApns;
  /** adminApi calls as the seeded admin (signed in once per stage), for the set-up a clerk is not watching. */
  adminApi(): Promise<AdminApi>;
  /**
   * enrolPhone is the hirer's phone opening its enrolment link: it downloads the one-time profile (a refusal throws
   * with the server's answer) and enrols; it listens to the stage's pushes and stops with the stage.
   */
  enrolPhone(enrollLink: string, options: PhoneOptions): Promise<SimulatedIphone>;
  /** registerPhone registers a serial through the API, then enrols a phone with its hirer link's profile. */
  registerPhone(options: PhoneOptions): Promise<{ phone: SimulatedIphone; deviceId: string }>;
  close(): Promise<void>;
}

type PhoneOptions = Omit<SimulatedIphoneOptions, 'serverOrigin' | 'serialNumber'> & { serialNumber: string };

/**
 * A refused or dropped session is tried again within seconds, not after the half minute a real phone's backoff
 * starts at: a test waits seconds for a phone (the backoff itself is the device simulator's own tests'). What the
 * phone noticed (HTTP errors, retries, ignored pushes) goes to stderr, so a failed run says why a phone was late.
 */
const E2E_RETRY = { initialMs: 1_000, maxMs: 5_000 };

/**
 * startAppleStage runs the built console's server in its own process on the seeded e2e store, pushing through a
 * local APNs stand-in, so simulated iPhones enrol and are woken as real ones are. Each file picks its own port base.
 * `prepare` adds to the seeded data folder before the server opens it (PGlite admits one process at a time).
 */
export async function startAppleStage(name: string, portBase: number, options: { prepare?: (dataDir: string) => Promise<void> } = {}): Promise<AppleStage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lease-e2e-${name}-`));
  const port = portBase + (process.pid % 90);
  await seedE2e(dataDir);
  await options.prepare?.(dataDir);
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
  const phones: SimulatedIphone[] = [];
  // One sign-in per stage: access tokens last 15 minutes, longer than any e2e file.
  let signedIn: Promise<AdminApi> | undefined;
  const admin = () => (signedIn ??= adminApi(server.origin));
  async function enrolPhone(enrollLink: string, options: PhoneOptions) {
    const code = encodeURIComponent(enrollLink.split('/enroll/')[1]);
    const download = await fetch(`${server.origin}/api/enroll/profile?code=${code}`);
    if (download.status !== 200) throw new Error(`${enrollLink} → ${download.status} ${(await download.text()).slice(0, 300)}`);
    const profile = Buffer.from(await download.arrayBuffer());
    const phone = createSimulatedIphone({ retry: E2E_RETRY, logger: (line) => console.error(line), ...options, serverOrigin: server.origin });
    phones.push(phone);
    phone.attachPush(apns);
    await phone.enroll(profile);
    return phone;
  }
  return {
    server,
    apns,
    adminApi: admin,
    enrolPhone,
    async registerPhone(options) {
      const { list } = await (await admin())<{ list: { id: string; enroll_link: string }[] }>('/api/device/ios/new', {
        serial_numbers: [options.serialNumber],
      });
      return { phone: await enrolPhone(list[0].enroll_link, options), deviceId: list[0].id };
    },
    async close() {
      await Promise.all(phones.map((p) => p.stop()));
      await server.kill();
      await apns.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminApi(origin: string): Promise<AdminApi> {
  const tokens = (await (
    await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: E2E.admin, password: E2E.password }),
    })
  ).json()) as { access_token: string };
  return async <T>(url: string, body?: object): Promise<T> => {
    const res = await fetch(`${origin}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${tokens.access_token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
