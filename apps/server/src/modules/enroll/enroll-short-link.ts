import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EnrollCodec, EnrollTarget } from './enroll-code.ts';
import { enrollShortLink } from './enroll-short-link.table.ts';

/** SHORT_ALPHABET: digits and lower-case letters without the look-alikes 0/o, 1/i/l, so a code read aloud or retyped survives. */
export const SHORT_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** SHORT_CODE_LENGTH: 31^8 ≈ 8.5·10^11 codes, about 40 bits, against a few live links per store. */
export const SHORT_CODE_LENGTH = 8;
const SHORT_CODE = new RegExp(`^[${SHORT_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** newShortCode draws a code uniformly from SHORT_ALPHABET with the system's CSPRNG. */
export function newShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i += 1) code += SHORT_ALPHABET[randomInt(SHORT_ALPHABET.length)];
  return code;
}

export interface ShortLinkDeps {
  db: Db;
  codec: EnrollCodec;
  /** The long link's lifetime (ENROLL_LINK_TTL_DAYS); a short code lives exactly as long. */
  linkTtlMs: number;
  now?: () => number;
}

/**
 * createEnrollShortLinks issues and resolves `/e/{code}`. A code names one phone of one store and redirects to
 * the long `/enroll/{sealed}` link sealed with the code's own issue time, so both expire together. A phone asking
 * again within half the lifetime gets the same code back, so opening a device page writes nothing new.
 */
export function createEnrollShortLinks(deps: ShortLinkDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  return {
    async issue(target: EnrollTarget): Promise<{ code: string; expiresAt: Date }> {
      const at = now();
      const [recent] = await db
        .select({ code: enrollShortLink.code, expiresAt: enrollShortLink.expiresAt })
        .from(enrollShortLink)
        .where(
          and(
            eq(enrollShortLink.storeId, target.storeId),
            eq(enrollShortLink.serialNumber, target.serialNumber),
            gt(enrollShortLink.issuedAt, new Date(at - deps.linkTtlMs / 2)),
          ),
        )
        .orderBy(desc(enrollShortLink.issuedAt))
        .limit(1);
      if (recent) return recent;
      // Expired codes of any store are dropped as new ones are made: the table holds live links only.
      await db.delete(enrollShortLink).where(lt(enrollShortLink.expiresAt, new Date(at)));
      for (let attempt = 0; ; attempt += 1) {
        const row = { code: newShortCode(), ...target, issuedAt: new Date(at), expiresAt: new Date(at + deps.linkTtlMs) };
        try {
          await db.insert(enrollShortLink).values(row);
          return { code: row.code, expiresAt: row.expiresAt };
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    },

    /** resolve: the long link's path for a live code, or null for a malformed, unknown or expired one. */
    async resolve(code: string): Promise<string | null> {
      const normal = code.toLowerCase();
      if (!SHORT_CODE.test(normal)) return null;
      const [row] = await db.select().from(enrollShortLink).where(eq(enrollShortLink.code, normal));
      if (!row || row.expiresAt.getTime() <= now()) return null;
      return `/enroll/${deps.codec.encode({ storeId: row.storeId, serialNumber: row.serialNumber }, row.issuedAt.getTime())}`;
    },
  };
}
export type EnrollShortLinks = ReturnType<typeof createEnrollShortLinks>;
