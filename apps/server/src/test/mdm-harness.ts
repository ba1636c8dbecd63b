import { generateKeyPairSync } from 'node:crypto';
import {
  type SimulatedIphone,
  type SimulatedIphoneOptions,
  createKeyPool,
  createSimulatedIphone,
  fetchViaInject,
  randomSerialNumber,
  startMockApns,
} from '@lease/device-sim';
import { createHttp2ApnsClient } from '../adapters/apns/http2-apns-client.ts';
import { type TestApp, buildTestApp, testMdmKeys } from './build-test-app.ts';

type Headers = { authorization: string };

/**
 * startMdmHarness runs the real app with its APNs client aimed at the local stand-in, and makes
 * simulated iPhones that enrol through the hirer's link, exactly as a phone would.
 */
export async function startMdmHarness(env: Record<string, string> = {}) {
  const apns = await startMockApns();
  const keyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pusher = createHttp2ApnsClient({ origin: apns.origin, topic: testMdmKeys.topic, auth: { kind: 'token', keyPem, keyId: 'KEYID', teamId: 'TEAMID' } });
  const t: TestApp = await buildTestApp(env, { apnsPusher: pusher });
  const keys = await createKeyPool(4);
  const fetch = fetchViaInject(t.app);
  const phones: SimulatedIphone[] = [];

  /** registerAndProfile registers a serial through the API and downloads its one-time enrolment profile. */
  async function registerAndProfile(headers: Headers, serialNumber: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: [serialNumber] } });
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
    const { id, enroll_link } = res.json().list[0] as { id: string; enroll_link: string };
    const code = enroll_link.split('/enroll/')[1];
    const profile = await t.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${code}` });
    if (profile.statusCode !== 200) throw new Error(`profile failed: ${profile.body}`);
    return { deviceId: id, code, profile: profile.rawPayload };
  }

  async function newPhone(headers: Headers, options: Partial<SimulatedIphoneOptions> = {}) {
    const serialNumber = options.serialNumber ?? randomSerialNumber();
    const { deviceId, profile } = await registerAndProfile(headers, serialNumber);
    const phone = createSimulatedIphone({
      serialNumber,
      fetch,
      identityKey: keys.next(),
      pollIntervalMs: 3_600_000,
      retry: { initialMs: 50, maxMs: 200 },
      ...options,
    });
    // Listening before enrolling, as a real phone's APNs connection is up before TokenUpdate: a push sent while
    // the server is still answering TokenUpdate is not lost.
    phone.attachPush(apns);
    await phone.enroll(profile);
    phones.push(phone);
    return { phone, deviceId };
  }

  return {
    t,
    apns,
    pusher,
    fetch,
    registerAndProfile,
    newPhone,
    async close() {
      await Promise.all(phones.map((p) => p.stop()));
      await t.close();
      await apns.close();
    },
  };
}
export type MdmHarness = Awaited<ReturnType<typeof startMdmHarness>>;

/** waitFor polls until the check passes (or throws its last error after the timeout). */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<NonNullable<Exclude<T, false>>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== false && value !== undefined && value !== null) return value as NonNullable<Exclude<T, false>>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw last ?? new Error('waitFor timed out');
}

/** startAdminHarness is how most MDM tests begin: the harness, a new store and its admin's request headers. */
export async function startAdminHarness(env: Record<string, string> = {}) {
  const h = await startMdmHarness(env);
  const storeId = (await h.t.newStore()).id;
  const { headers } = await h.t.signedIn({ storeId, isAdmin: true });
  return { h, storeId, headers };
}
