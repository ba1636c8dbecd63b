import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * createDevKeyBox seals each phone's offline-passcode key K_dev with the server's AES-256-GCM key (kept in
 * DATA_DIR/keys): a copy of the database alone cannot compute any phone's codes.
 */
export function createDevKeyBox(masterKey: Uint8Array) {
  return {
    /** newKey makes a K_dev and its sealed form for the database. */
    newKey(): { key: Buffer; sealed: string } {
      const key = randomBytes(32);
      return { key, sealed: this.seal(key) };
    },
    seal(key: Uint8Array): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      const body = Buffer.concat([cipher.update(key), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed: string): Buffer {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', masterKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },
  };
}
export type DevKeyBox = ReturnType<typeof createDevKeyBox>;
