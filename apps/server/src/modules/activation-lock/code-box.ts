import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createSecretBox } from '../../secret-box.ts';

/*
 * Bypass codes open a phone's Activation Lock, so they are kept encrypted at rest, with one key from DATA_DIR
 * (secrets.activationLock):
 *  - the code the server generates is sealed with AES-256-GCM (SecretBox, 'v1.' prefix);
 *  - the code a phone hands out is sealed where the phone's answer is recorded, inside a device-result effect,
 *    which has no access to secrets. It is sealed to a public key instead ('x1.': X25519 + HKDF-SHA256 +
 *    AES-256-GCM, with a fresh ephemeral key each time); the public key sits in the database, the private key
 *    is derived from the secret and never leaves the server process.
 */

const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const SEALED_TO_KEY = 'x1.';
const INFO = Buffer.from('zujibao activation-lock device code v1');

const derive = (secret: Uint8Array, label: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32));
const rawPublic = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).subarray(-32);
const publicFromRaw = (raw: Buffer) => createPublicKey({ key: Buffer.concat([X25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });

function aesKey(shared: Buffer, ephemeralRaw: Buffer) {
  return Buffer.from(hkdfSync('sha256', shared, ephemeralRaw, INFO, 32));
}

/** sealToPublicKey encrypts a code so that only the holder of the matching private key can read it. */
export function sealToPublicKey(publicKeyPem: string, plain: string): string {
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralRaw = rawPublic(ephemeral.publicKey);
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: createPublicKey(publicKeyPem) });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(shared, ephemeralRaw), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_TO_KEY + Buffer.concat([ephemeralRaw, iv, cipher.getAuthTag(), body]).toString('base64');
}

export interface CodeBox {
  /** seal encrypts a code the server itself generated. */
  seal(plain: string): string;
  /** open reads either kind of sealed code. */
  open(sealed: string): string;
  /** The public key device-result effects seal phones' codes to (PEM, SPKI). */
  publicKeyPem: string;
}

/** createCodeBox derives both keys from the one secret, so a new server process with the same DATA_DIR opens old codes. */
export function createCodeBox(secret: Uint8Array): CodeBox {
  const box = createSecretBox(derive(secret, 'activation-lock server code'));
  const privateKey = createPrivateKey({
    key: Buffer.concat([X25519_PKCS8_PREFIX, derive(secret, 'activation-lock device code x25519')]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    seal: box.seal,
    publicKeyPem,
    open(sealed) {
      if (!sealed.startsWith(SEALED_TO_KEY)) return box.open(sealed);
      const raw = Buffer.from(sealed.slice(SEALED_TO_KEY.length), 'base64');
      const ephemeralRaw = raw.subarray(0, 32);
      const shared = diffieHellman({ privateKey, publicKey: publicFromRaw(ephemeralRaw) });
      const decipher = createDecipheriv('aes-256-gcm', aesKey(shared, ephemeralRaw), raw.subarray(32, 44));
      decipher.setAuthTag(raw.subarray(44, 60));
      return Buffer.concat([decipher.update(raw.subarray(60)), decipher.final()]).toString('utf8');
    },
  };
}
