import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { OPS_AUDIENCE, OpsTokens } from './ops-tokens.ts';

describe('OpsTokens', () => {
  const key = randomBytes(32);
  const tokens = new OpsTokens(key, 900);
  const ids = { operatorId: randomUUID(), sessionId: randomUUID() };
  const signAt = (iat: number, exp: number) =>
    new SignJWT({ sub: ids.operatorId, sid: ids.sessionId, typ: 'ops-access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('lease-mdm')
      .setAudience(OPS_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);

  it('accepts its own tokens, and refuses one signed with the key that outlives an access token', async () => {
    expect(await tokens.verify(await tokens.sign(ids))).toEqual({ ok: true, claims: ids });
    const now = Math.floor(Date.now() / 1000);
    expect((await tokens.verify(await signAt(now, now + 900))).ok).toBe(true);
    for (const [iat, exp] of [
      [now, now + 365 * 86_400],
      [now, now + 901],
      [now + 86_400, now + 86_400 + 900],
    ]) {
      expect(await tokens.verify(await signAt(iat, exp))).toEqual({ ok: false, expired: false });
    }
  });
});
