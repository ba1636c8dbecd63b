import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { hashToken } from '../auth/tokens.ts';
import { REFRESH_GRACE_MS } from '../auth/refresh-rotation.ts';
import { operator, operatorLoginLog, opsAudit } from './ops.table.ts';
import { OPERATOR_PASSWORD, newOperator, signInOperator } from './ops.test-kit.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_ACCOUNT_FAILURES_PER_HOUR: '3' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (payload: Record<string, unknown>, remoteAddress = '10.8.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/ops/auth/login', payload, remoteAddress });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(token) });
const stores = (token: string) => t.app.inject({ method: 'GET', url: '/api/ops/stores', headers: bearer(token) });

describe('operator sign-in', () => {
  it('first sign-in with the one-time password opens only the setup calls until password and TOTP are done', async () => {
    const { phone, password } = await newOperator(t, { ready: false });
    const first = await login({ phone, password });
    expect(first.statusCode).toBe(200);
    const setup = first.json().access_token as string;
    expect((await me(setup)).json()).toMatchObject({ must_change_password: true, totp_enrolled: false, ready: false });
    const refused = await stores(setup);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('请先修改初始密码并绑定动态验证码');
    // TOTP enrolment waits for the new password.
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/me/totp', headers: bearer(setup) })).statusCode).toBe(403);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/me/password',
      headers: bearer(setup),
      payload: { old_password: password, new_password: 'New-Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    const begin = await t.app.inject({ method: 'POST', url: '/api/ops/me/totp', headers: bearer(setup) });
    expect(begin.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = begin.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/ops/me/totp/confirm',
      headers: bearer(setup),
      payload: { code: totpCode(secret, Date.now() - 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    const used = totpCode(secret);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/ops/me/totp/confirm', headers: bearer(setup), payload: { code: used } });
    expect(confirmed.statusCode).toBe(200);
    expect((await me(setup)).json()).toMatchObject({ must_change_password: false, totp_enrolled: true, ready: true });
    expect((await stores(setup)).statusCode).toBe(200);

    // From now on a sign-in needs the code; without it, or with the one just used, it is refused.
    expect((await login({ phone, password: 'New-Passw0rd' })).json()).toMatchObject({ code: 'LOGIN_FAILED', message: '请输入动态验证码' });
    expect((await login({ phone, password: 'New-Passw0rd', totp: used })).statusCode).toBe(400);
    const actions = (await t.db.select().from(opsAudit)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.create', 'operator.password', 'operator.totp']));
  });

  it('a password-only session of an enrolled operator is impossible, and a wrong code is logged like a wrong password', async () => {
    const { phone, secret } = await newOperator(t);
    const res = await login({ phone, password: OPERATOR_PASSWORD, totp: totpCode(secret!, Date.now() - 5 * 60_000) });
    expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    const rows = await t.db.select().from(operatorLoginLog).where(eq(operatorLoginLog.account, phone));
    expect(rows.map((r) => r.status)).toEqual([LoginStatus.WRONG_PASSWORD]);
  });

  it('throttles an account after repeated failures, and logs the throttled attempt', async () => {
    const { phone, secret } = await newOperator(t);
    for (let i = 0; i < 3; i++) await login({ phone, password: 'Wrong-pass1' }, '10.8.2.1');
    const res = await login({ phone, password: OPERATOR_PASSWORD, totp: totpCode(secret!) }, '10.8.2.2');
    expect(res.statusCode).toBe(429);
    const rows = await t.db.select().from(operatorLoginLog).where(eq(operatorLoginLog.account, phone));
    expect(rows.at(-1)?.status).toBe(LoginStatus.THROTTLED);
  });

  it('rotates refresh tokens, repeats within the grace window, and revokes the session on reuse after it', async () => {
    const s = await signInOperator(t);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/ops/auth/refresh', payload: { refresh_token: s.tokens.refresh_token } });
    const r2 = await t.app.inject({ method: 'POST', url: '/api/ops/auth/refresh', payload: { refresh_token: s.tokens.refresh_token } });
    expect(r1.statusCode).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    await t.db.execute(
      sql`update operator_refresh_token set used_at = now() - make_interval(secs => ${(REFRESH_GRACE_MS + 1000) / 1000}) where token_hash = ${hashToken(s.tokens.refresh_token)}`,
    );
    const reuse = await t.app.inject({ method: 'POST', url: '/api/ops/auth/refresh', payload: { refresh_token: s.tokens.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    expect((await me(r1.json().access_token)).statusCode).toBe(401);
  });

  it('ends an idle session and a logged-out one', async () => {
    const idle = await signInOperator(t);
    await t.db.execute(sql`update operator_session set last_seen_at = now() - interval '10 hours' where operator_id = ${idle.operator.id}`);
    expect((await me(idle.tokens.access_token)).statusCode).toBe(401);
    const out = await signInOperator(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/auth/logout', payload: { refresh_token: out.tokens.refresh_token } })).statusCode).toBe(200);
    expect((await me(out.tokens.access_token)).statusCode).toBe(401);
  });

  it('a disabled operator is signed out at once', async () => {
    const s = await signInOperator(t);
    await t.db.update(operator).set({ disabled: true }).where(eq(operator.id, s.operator.id));
    expect((await me(s.tokens.access_token)).statusCode).toBe(401);
  });
});

describe('audiences: operator and store tokens never cross', () => {
  it('a store admin token on /api/ops calls gets 401', async () => {
    const { headers } = await t.signedIn({ isAdmin: true });
    for (const url of ['/api/ops/me', '/api/ops/stores', '/api/ops/audit', '/api/ops/settings']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('an operator token on store calls is refused', async () => {
    const s = await signInOperator(t);
    for (const url of ['/api/user/me', '/api/store/info', '/api/home/overview']) {
      const res = await t.app.inject({ method: 'GET', url, headers: s.headers });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.statusCode, url).not.toBe(200);
    }
    const meRes = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers });
    expect(meRes.statusCode).toBe(401);
  });

  it('every /api/ops route but sign-in declares an operator rule, and all are in the OpenAPI document', async () => {
    const opsRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/ops/') && r.method !== 'HEAD');
    expect(opsRoutes.length).toBeGreaterThan(10);
    for (const r of opsRoutes) {
      const expected = r.url.startsWith('/api/ops/auth/') ? 'public' : ['operator', 'operator-setup'];
      if (expected === 'public') expect(r.auth, r.url).toBe('public');
      else expect(expected, r.url).toContain(r.auth);
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const r of opsRoutes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
  });
});
