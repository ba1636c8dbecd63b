import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface EnrollTarget {
  storeId: string;
  serialNumber: string;
}

/**
 * Enrolment link codes (spec `/enroll/{sn_encrypt}`): AES-256-GCM over store and serial, so a link can
 * be neither guessed nor altered into another phone's (DESIGN §5). base64url: 12-byte nonce, tag, text.
 */
export function createEnrollCodec(key: Uint8Array) {
  return {
    encode({ storeId, serialNumber }: EnrollTarget): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(`${storeId}|${serialNumber}`, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
    },
    decode(code: string): EnrollTarget | null {
      try {
        const raw = Buffer.from(code, 'base64url');
        if (raw.length < 29) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const [storeId, serialNumber] = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8').split('|');
        return storeId && serialNumber ? { storeId, serialNumber } : null;
      } catch {
        return null;
      }
    },
  };
}
export type EnrollCodec = ReturnType<typeof createEnrollCodec>;
