import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * SecretBox keeps the stores' API secrets encrypted at rest (AES-256-GCM, key in DATA_DIR/keys): a copy of
 * the database alone does not let anyone sign requests or forge webhooks. Hashing is not an option,
 * since HMAC verification needs the secret itself.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('API secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
