import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { AccessTokens } from './tokens.ts';

const signWith = (key: Uint8Array, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('lease-mdm').setAudience('console').setIssuedAt().setExpirationTime('5m').sign(key);

describe('AccessTokens', () => {
  const key = randomBytes(32);
  const tokens = new AccessTokens(key, 900);
  const ids = { sub: randomUUID(), sto: randomUUID(), sid: randomUUID(), typ: 'access' };

  it('accepts its own tokens', async () => {
    const token = await tokens.sign({ clerkId: ids.sub, storeId: ids.sto, sessionId: ids.sid });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { clerkId: ids.sub, storeId: ids.sto, sessionId: ids.sid } });
  });

  it.each(['sub', 'sto', 'sid'])('refuses a correctly signed token whose %s is not a uuid, before any lookup', async (claim) => {
    for (const bad of ["' OR 1=1 --", '-'.repeat(36), `${ids.sid}\u0000`, 42]) {
      expect(await tokens.verify(await signWith(key, { ...ids, [claim]: bad }))).toEqual({ ok: false, expired: false });
    }
  });
});

describe('a token with a non-uuid session id at the door', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is a 401, not a 500', async () => {
    const { clerk } = await t.signedIn();
    const token = await signWith(t.secrets.jwt, { sub: clerk.id, sto: clerk.storeId, sid: "' OR 1=1 --", typ: 'access' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });
});
