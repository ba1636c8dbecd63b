import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EnrollTarget } from './enroll.repo.ts';

export type { EnrollTarget };

export interface DecodedEnrollCode extends EnrollTarget {
  /** When the link was handed out (Unix ms); null for links made before links expired, which count as expired. */
  issuedAt: number | null;
}

/**
 * Enrolment link codes (spec `/enroll/{sn_encrypt}`): AES-256-GCM over store, serial and issue time, so a link
 * can be neither guessed, altered into another phone's, nor kept alive past its lifetime (DESIGN §5).
 * base64url: 12-byte nonce, tag, text.
 */
export function createEnrollCodec(key: Uint8Array) {
  return {
    encode({ storeId, serialNumber }: EnrollTarget, issuedAt = Date.now()): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(`${storeId}|${serialNumber}|${Math.floor(issuedAt / 1000)}`, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
    },
    decode(code: string): DecodedEnrollCode | null {
      try {
        const raw = Buffer.from(code, 'base64url');
        if (raw.length < 29) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const [storeId, serialNumber, issued] = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()])
          .toString('utf8')
          .split('|');
        if (!storeId || !serialNumber) return null;
        const seconds = Number(issued);
        return { storeId, serialNumber, issuedAt: issued && Number.isSafeInteger(seconds) ? seconds * 1000 : null };
      } catch {
        return null;
      }
    },
  };
}
export type EnrollCodec = ReturnType<typeof createEnrollCodec>;
