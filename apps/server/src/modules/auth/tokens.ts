import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UUID_RE } from '@lease/shared';

const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_RE.test(v);

const ISSUER = 'lease-mdm';
const AUDIENCE = 'console';

export interface AccessClaims {
  clerkId: string;
  storeId: string;
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** How far ahead of this process's clock another server process may be when it issues a token. */
const ISSUED_AT_LEEWAY_SECONDS = 60;

/**
 * withinLifetime says whether a verified token lives no longer than the tokens we issue: exp at most ttlSeconds
 * after iat, and iat not in the future (so exp is at most the lifetime from now). A token signed with our key but
 * a longer life (a leaked key's hand-made token, a far exp) is refused as invalid, whatever its exp says.
 */
export function withinLifetime(payload: { iat?: number; exp?: number }, ttlSeconds: number, now: Date): boolean {
  const { iat, exp } = payload;
  if (iat === undefined || exp === undefined) return false;
  return exp - iat <= ttlSeconds && iat <= Math.floor(now.getTime() / 1000) + ISSUED_AT_LEEWAY_SECONDS;
}

/** AccessTokens signs and checks the short-lived console JWT: HS256 only, our issuer and audience only. */
export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = secret;
  }

  sign(claims: AccessClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sto: claims.storeId, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.clerkId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * successorOf derives the refresh token that replaces `token` on rotation: a repeat within the grace
   * window gets the same one back without the database ever holding it, and nobody without the key can.
   */
  successorOf(token: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${token}`).digest('base64url');
  }

  async verify(token: string, now = new Date()): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, sto, sid, typ } = payload;
      // Ids are checked for shape before any of them reaches a uuid column (a bad one would be a 500 there).
      if (typ !== 'access' || !isUuid(sub) || !isUuid(sto) || !isUuid(sid) || !withinLifetime(payload, this.ttlSeconds, now)) {
        return { ok: false, expired: false };
      }
      return { ok: true, claims: { clerkId: sub, storeId: sto, sessionId: sid } };
    } catch (err) {
      return { ok: false, expired: err instanceof joseErrors.JWTExpired };
    }
  }
}

/** Refresh tokens are opaque random strings; the database keeps only their SHA-256. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
