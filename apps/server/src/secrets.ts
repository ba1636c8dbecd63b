import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** HS256 key of console access tokens. */
  jwt: Uint8Array;
  /** HMAC key for stored SMS codes. */
  sms: Uint8Array;
  /** AES-256-GCM key of the hirer's enrolment links (sn_encrypt). */
  enroll: Uint8Array;
  /** AES-256-GCM key of the stores' open-API secrets (kept because HMAC verification needs them back). */
  apiSecret: Uint8Array;
  /** AES-256-GCM key of the Android agents' offline-passcode keys (K_dev, DESIGN §6). */
  androidDevKey: Uint8Array;
  /** AES-256-GCM key of the Activation Lock bypass codes, and the seed of the key pair that seals the phones' own codes. */
  activationLock: Uint8Array;
}

function loadOrCreate(dir: string, name: string): Uint8Array {
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** loadSecrets reads the server's keys from DATA_DIR/keys, generating each on first start. */
export function loadSecrets(dataDir: string): Secrets {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    jwt: loadOrCreate(dir, 'jwt-hs256.key'),
    sms: loadOrCreate(dir, 'sms-hmac.key'),
    enroll: loadOrCreate(dir, 'enroll-aes.key'),
    apiSecret: loadOrCreate(dir, 'api-secret-aes.key'),
    androidDevKey: loadOrCreate(dir, 'android-devkey-aes.key'),
    activationLock: loadOrCreate(dir, 'activation-lock.key'),
  };
}

/** ephemeralSecrets is for tests and in-memory runs: new keys each time. */
export const ephemeralSecrets = (): Secrets => ({
  jwt: randomBytes(32),
  sms: randomBytes(32),
  enroll: randomBytes(32),
  apiSecret: randomBytes(32),
  androidDevKey: randomBytes(32),
  activationLock: randomBytes(32),
});
