import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginStatus } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import { loginLog } from '../logs/login-log.table.ts';
import { REFRESH_GRACE_MS } from './auth.service.ts';
import { hashToken } from './tokens.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
/** ageRotation moves the moment a refresh token was spent into the past, as if time had gone by. */
const ageRotation = (token: string, ms: number) =>
  t.db.execute(sql`update refresh_token set used_at = now() - make_interval(secs => ${ms / 1000}) where token_hash = ${hashToken(token)}`);
const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

describe('login', () => {
  it('signs in with phone and password and logs the attempt with IP and status', async () => {
    const c = await t.newClerk({ isAdmin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: c.phoneNumber, password: TEST_PASSWORD },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ expires_in: 900 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect((await me(body.access_token)).json().id).toBe(c.id);
    const rows = await t.db.select().from(loginLog).where(eq(loginLog.account, c.phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '10.1.2.3', status: LoginStatus.SUCCESS, clerkId: c.id, storeId: c.storeId });
  });

  it('refuses a wrong password or unknown account with one message, and logs both', async () => {
    const c = await t.newClerk();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: c.phoneNumber, password: 'wrong-pass1' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: '19912345678', password: 'wrong-pass1' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', message: '账号或密码错误' });
    }
    const statuses = (await t.db.select().from(loginLog).where(eq(loginLog.account, c.phoneNumber))).map((r) => r.status);
    expect(statuses).toEqual([LoginStatus.WRONG_PASSWORD]);
    const unknownRows = await t.db.select().from(loginLog).where(eq(loginLog.account, '19912345678'));
    expect(unknownRows.map((r) => r.status)).toEqual([LoginStatus.UNKNOWN_ACCOUNT]);
  });

  it('refuses a disabled clerk even with the right password', async () => {
    const c = await t.newClerk({ disabled: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: c.phoneNumber, password: TEST_PASSWORD } });
    expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', message: '账号已停用，请联系门店管理员' });
  });

  it.each([
    ['a short phone', { account: '1380000', password: TEST_PASSWORD }, 'account'],
    ['a phone not starting with 1', { account: '23800000000', password: TEST_PASSWORD }, 'account'],
    ['a 5-character password', { account: '13800000000', password: 'abcde' }, 'password'],
    ['a 17-character password', { account: '13800000000', password: 'a'.repeat(17) }, 'password'],
    ['a password with a space', { account: '13800000000', password: 'abc def1' }, 'password'],
    ['a number for the password', { account: '13800000000', password: 12345678 }, 'password'],
    ['a missing account', { password: TEST_PASSWORD }, 'account'],
    ['an over-long account', { account: '1'.repeat(5000), password: TEST_PASSWORD }, 'account'],
  ])('answers 400 VALIDATION_FAILED with a Chinese field message for %s', async (_name, payload, field) => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(loginLog))[0].n;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(loginLog))[0].n;
    expect(after).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"account":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a text body', 'hello', 'text/plain'],
  ])('never answers 5xx to %s', async (_name, payload, contentType) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: '13800000000', password: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('puts an x-request-id on every response, errors and 404s included', async () => {
    for (const url of ['/api/health', '/api/user/me', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const { tokens } = await t.signedIn();
    const first = await refresh(tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again after the grace window', async () => {
    const { tokens } = await t.signedIn();
    const rotated = (await refresh(tokens.refresh_token)).json();
    await ageRotation(tokens.refresh_token, REFRESH_GRACE_MS + 1_000);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
  });

  it('answers five parallel refreshes with one token with the same pair, and the session lives on', async () => {
    const { tokens } = await t.signedIn();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(tokens.refresh_token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = answers.map((r) => r.json());
    for (const p of pairs) expect(p).toEqual(pairs[0]);
    expect(pairs[0].refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(pairs[0].access_token)).statusCode).toBe(200);
    const next = await refresh(pairs[0].refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().access_token)).statusCode).toBe(200);
  });

  it('gives a repeat inside the window the same pair, but revokes the family for one after it', async () => {
    const { tokens } = await t.signedIn();
    const first = (await refresh(tokens.refresh_token)).json();
    await ageRotation(tokens.refresh_token, REFRESH_GRACE_MS - 5_000);
    const repeat = (await refresh(tokens.refresh_token)).json();
    expect(repeat.refresh_token).toBe(first.refresh_token);
    expect((await me(repeat.access_token)).statusCode).toBe(200);
    await ageRotation(tokens.refresh_token, REFRESH_GRACE_MS + 1_000);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token with 401 and a malformed body with 400', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: 42 } });
    expect(res.statusCode).toBe(400);
  });

  it('dies at the absolute expiry of the session', async () => {
    const { tokens } = await t.signedIn();
    await t.db.execute(sql`update auth_session set expires_at = now() - interval '1 second'`);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('dies after 30 idle minutes', async () => {
    const { tokens, clerk } = await t.signedIn();
    await t.db.execute(sql`update auth_session set last_seen_at = now() - interval '31 minutes' where clerk_id = ${clerk.id}`);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('sessions end at once', () => {
  const logout = (payload?: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload });

  it('on logout with only the refresh token (the console whose access token expired)', async () => {
    const { tokens } = await t.signedIn();
    const res = await logout({ refresh_token: tokens.refresh_token });
    expect(res.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('on logout with only the access token', async () => {
    const { tokens, headers } = await t.signedIn();
    expect((await logout(undefined, headers)).json()).toEqual({ ok: true });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a logout that names no session with 401 and ends nothing', async () => {
    const { tokens } = await t.signedIn();
    for (const res of [await logout({ refresh_token: 'not-a-token' }), await logout({}), await logout(undefined, { authorization: 'Bearer garbage' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it('on logout', async () => {
    const { tokens, headers } = await t.signedIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: { refresh_token: tokens.refresh_token } });
    expect(res.json()).toEqual({ ok: true });
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('when the clerk is disabled', async () => {
    const { tokens, clerk } = await t.signedIn();
    await t.db.execute(sql`update clerk set disabled = true where id = ${clerk.id}`);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const sign = (claims: Record<string, unknown>, key: Uint8Array, exp = '15m') =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('lease-mdm').setAudience('console').setIssuedAt().setExpirationTime(exp).sign(key);

  it('answers 403 TOKEN_EXPIRED for an expired token so the console refreshes', async () => {
    const { clerk, tokens } = await t.signedIn();
    const sid = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sid;
    const expired = await sign({ sub: clerk.id, sto: clerk.storeId, sid, typ: 'access' }, t.secrets.jwt, '-1s');
    const res = await me(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses alg:none, a wrong key, a tampered store claim and a wrong audience with 401', async () => {
    const { clerk, tokens } = await t.signedIn();
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const other = await t.newStore();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const wrongKey = await sign(claims, new TextEncoder().encode('x'.repeat(32)));
    const tampered = `${header}.${b64({ ...claims, sto: other.id })}.${signature}`;
    const reSignedForOtherStore = await sign({ ...claims, sto: other.id }, t.secrets.jwt);
    const wrongAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('lease-mdm')
      .setAudience('agent')
      .setExpirationTime('5m')
      .sign(t.secrets.jwt);
    for (const bad of [none, wrongKey, tampered, reSignedForOtherStore, wrongAudience, 'garbage']) {
      const res = await me(bad);
      expect(res.statusCode, bad.slice(0, 20)).toBe(401);
    }
    expect((await me(tokens.access_token)).json().id).toBe(clerk.id);
  });

  it('refuses a token signed with the key that outlives an access token (a far exp, or issued in the future) with 401', async () => {
    const { tokens } = await t.signedIn();
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    const ttl = claims.exp - claims.iat; // the lifetime this server issues
    const now = Math.floor(Date.now() / 1000);
    const signAt = (iat: number, exp: number) =>
      new SignJWT({ sub: claims.sub, sto: claims.sto, sid: claims.sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('lease-mdm')
        .setAudience('console')
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(t.secrets.jwt);
    expect((await me(await signAt(now, now + ttl))).statusCode).toBe(200);
    const farExp = await signAt(now, now + 365 * 86_400);
    const oneSecondLonger = await signAt(now, now + ttl + 1);
    const issuedTomorrow = await signAt(now + 86_400, now + 86_400 + ttl);
    for (const bad of [farExp, oneSecondLonger, issuedTomorrow]) {
      const res = await me(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});

describe('brute-force throttling', () => {
  it('answers 429 to the 11th login from one IP within a minute', async () => {
    const local = await buildTestApp({ LOGIN_IP_LIMIT_PER_MINUTE: '10' });
    try {
      const c = await local.newClerk();
      const attempt = () =>
        local.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: c.phoneNumber, password: 'wrong-pass1' }, remoteAddress: '10.7.7.7' });
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
      const eleventh = await attempt();
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().code).toBe('TOO_MANY_REQUESTS');
      // Another IP is not affected.
      const elsewhere = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: TEST_PASSWORD },
        remoteAddress: '10.7.7.8',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('refuses an account after 100 failures in an hour, but not from an IP it signed in from, and a reset lifts it', async () => {
    const local = await buildTestApp({ LOGIN_IP_LIMIT_PER_MINUTE: '1000' });
    try {
      const c = await local.newClerk();
      await local.login(c.phoneNumber, TEST_PASSWORD, '10.1.1.1');
      // 100 failures spread over many IPs, as a distributed attacker would.
      await local.db.insert(loginLog).values(
        Array.from({ length: 100 }, (_, i) => ({
          account: c.phoneNumber,
          ip: `10.2.${i}.1`,
          status: LoginStatus.WRONG_PASSWORD,
          storeId: c.storeId,
          clerkId: c.id,
        })),
      );
      const fromAttacker = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: TEST_PASSWORD },
        remoteAddress: '10.3.3.3',
      });
      expect(fromAttacker.statusCode).toBe(429);
      const fromOwner = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: TEST_PASSWORD },
        remoteAddress: '10.1.1.1',
      });
      expect(fromOwner.statusCode).toBe(200);

      await local.app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload: { phone_number: c.phoneNumber, purpose: 'reset-password' } });
      const code = await local.lastSmsCode(c.phoneNumber);
      const reset = await local.app.inject({
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { phone_number: c.phoneNumber, sms_code: code, password: 'NewPass#2026' },
      });
      expect(reset.json()).toEqual({ ok: true });
      const afterReset = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: 'NewPass#2026' },
        remoteAddress: '10.4.4.4',
      });
      expect(afterReset.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('lets the 99th and 100th failure through as wrong passwords (the limit is exactly 100)', async () => {
    const local = await buildTestApp();
    try {
      const c = await local.newClerk();
      await local.db
        .insert(loginLog)
        .values(Array.from({ length: 99 }, (_, i) => ({ account: c.phoneNumber, ip: `10.5.${i}.1`, status: LoginStatus.WRONG_PASSWORD })));
      const hundredth = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: 'wrong-pass1' },
        remoteAddress: '10.6.0.1',
      });
      expect(hundredth.json().code).toBe('LOGIN_FAILED');
      const hundredFirst = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: c.phoneNumber, password: 'wrong-pass1' },
        remoteAddress: '10.6.0.2',
      });
      expect(hundredFirst.statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});
