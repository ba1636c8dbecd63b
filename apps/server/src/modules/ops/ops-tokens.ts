import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UUID_RE } from '@lease/shared';
import { withinLifetime } from '../auth/tokens.ts';

const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_RE.test(v);

const ISSUER = 'lease-mdm';
/** Operators' own audience: a store clerk's token (audience `console`) never passes here, nor this one there. */
export const OPS_AUDIENCE = 'ops';

export interface OpsClaims {
  operatorId: string;
  sessionId: string;
}

export type OpsVerifyResult = { ok: true; claims: OpsClaims } | { ok: false; expired: boolean };

/** OpsTokens signs and checks the operator console's short-lived JWT (HS256, issuer lease-mdm, audience ops). */
export class OpsTokens {
  constructor(
    private readonly key: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  sign(claims: OpsClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, typ: 'ops-access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.operatorId)
      .setIssuer(ISSUER)
      .setAudience(OPS_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** successorOf derives the refresh token that replaces `token` (see auth/refresh-rotation.ts). */
  successorOf(token: string): string {
    return createHmac('sha256', this.key).update(`ops-refresh-successor:${token}`).digest('base64url');
  }

  async verify(token: string, now = new Date()): Promise<OpsVerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: OPS_AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, sid, typ } = payload;
      if (typ !== 'ops-access' || !isUuid(sub) || !isUuid(sid) || !withinLifetime(payload, this.ttlSeconds, now)) return { ok: false, expired: false };
      return { ok: true, claims: { operatorId: sub, sessionId: sid } };
    } catch (err) {
      return { ok: false, expired: err instanceof joseErrors.JWTExpired };
    }
  }
}
