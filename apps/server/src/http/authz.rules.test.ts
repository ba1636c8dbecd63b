import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { type AuthContext, type OperatorContext, bearer, isOperatorRule, registerAuthz, requireAuth, requireOperator, requirePerm } from './authz.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * The decision rules of authz.ts one by one, on a small app with its own callers (no database): who gets 401, who
 * gets 403 and why, what passes. authz.test.ts checks the real app's routes against these rules; this file is what
 * makes each rule fail a test when it breaks, in seconds (the mutation group `permissions` runs it per mutant).
 */
const clerk = (over: Partial<AuthContext> = {}): AuthContext => ({
  clerkId: 'clerk-1',
  storeId: 'store-1',
  sessionId: 'session-1',
  isAdmin: false,
  perms: [],
  modules: [],
  ...over,
});
const CLERKS: Record<string, AuthContext> = {
  plain: clerk(),
  admin: clerk({ clerkId: 'admin-1', isAdmin: true }),
  p1: clerk({ clerkId: 'p1-holder', perms: ['P1'] }),
  p2: clerk({ clerkId: 'p2-holder', perms: ['P2'] }),
  moduled: clerk({ clerkId: 'moduled', modules: ['apple'] }),
};
const OPERATORS: Record<string, OperatorContext> = {
  'op-ready': { operatorId: 'op-1', sessionId: 's-1', name: '运营甲', phone: '13800000000', setupPending: false },
  'op-pending': { operatorId: 'op-2', sessionId: 's-2', name: '运营乙', phone: '13800000001', setupPending: true },
};
/** Every token the authenticators were asked about: a call without a token must never reach them. */
const asked: string[] = [];
const authenticate = async (token: string) => {
  asked.push(token);
  const c = CLERKS[token];
  if (!c) throw new AppError('UNAUTHORIZED');
  return c;
};
const authenticateOperator = async (token: string) => {
  asked.push(token);
  const o = OPERATORS[token];
  if (!o) throw new AppError('UNAUTHORIZED');
  return o;
};

function appWithRoutes(opts: { operators?: boolean; logs?: string[] } = {}) {
  const logs = opts.logs;
  const app = logs
    ? Fastify({
        logger: {
          level: 'error',
          stream: new Writable({
            write: (chunk, _enc, done) => {
              logs.push(String(chunk));
              done();
            },
          }),
        },
      })
    : Fastify();
  registerErrorHandler(app);
  registerAuthz(app, authenticate, opts.operators === false ? undefined : authenticateOperator);
  const whoAmI = async (request: Parameters<typeof requireAuth>[0]) => ({ clerk: requireAuth(request).clerkId });
  app.get('/api/open', { config: { auth: 'public' } }, async () => ({ open: true }));
  app.get('/api/any-clerk', { config: { auth: 'authenticated' } }, whoAmI);
  app.get('/api/admin-only', { config: { auth: 'admin' } }, whoAmI);
  app.get('/api/needs-p1', { config: { auth: { perms: ['P1'] as never } } }, whoAmI);
  app.get('/api/apple-module', { config: { auth: 'authenticated', module: 'apple' as never } }, whoAmI);
  app.get('/api/ops/ready', { config: { auth: 'operator' } }, async (request) => ({ operator: requireOperator(request).name }));
  app.get('/api/ops/setup', { config: { auth: 'operator-setup' } }, async (request) => ({ operator: requireOperator(request).name }));
  app.get('/health', async () => ({ ok: true }));
  return app;
}

const get = (app: FastifyInstance, url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

describe('bearer', () => {
  const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as never;
  it('reads the token of an Authorization: Bearer header, in any case and after any spaces', () => {
    expect(bearer(req('Bearer abc.def-123'))).toBe('abc.def-123');
    expect(bearer(req('bearer   tok'))).toBe('tok');
    expect(bearer(req('BEARER\ttok'))).toBe('tok');
  });
  it('answers null without a header, for another scheme, and for anything around the token', () => {
    expect(bearer(req())).toBeNull();
    expect(bearer(req(''))).toBeNull();
    expect(bearer(req('Basic abc'))).toBeNull();
    expect(bearer(req('Bearer'))).toBeNull();
    expect(bearer(req('Bearer '))).toBeNull();
    expect(bearer(req('Bearertok'))).toBeNull();
    expect(bearer(req('Bearer a b'))).toBeNull();
    expect(bearer(req('Bearer tok '))).toBeNull();
    expect(bearer(req('xBearer tok'))).toBeNull();
    expect(bearer(req(' Bearer tok'))).toBeNull();
  });
});

describe('requireAuth, requireOperator, requirePerm', () => {
  it('requireAuth returns the caller, and refuses with 401 when there is none', () => {
    const c = clerk();
    expect(requireAuth({ auth: c } as never)).toBe(c);
    expect(() => requireAuth({ auth: null } as never)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED', statusCode: 401 }));
  });
  it('requireOperator returns the operator, and refuses with 401 when there is none', () => {
    const o = OPERATORS['op-ready'];
    expect(requireOperator({ operator: o } as never)).toBe(o);
    expect(() => requireOperator({ operator: null } as never)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED', statusCode: 401 }));
  });
  it('requirePerm passes a holder of the code and refuses anyone else with 403', () => {
    expect(() => requirePerm(clerk({ perms: ['P1'] }), 'P1' as never)).not.toThrow();
    expect(() => requirePerm(clerk({ perms: ['P2'] }), 'P1' as never)).toThrow(expect.objectContaining({ code: 'PERMISSION_DENIED', statusCode: 403 }));
    expect(() => requirePerm(clerk(), { perms: ['P1', 'P2'], mode: 'any' } as never)).toThrow(expect.objectContaining({ code: 'PERMISSION_DENIED' }));
  });
  it('isOperatorRule is true for the two operator rules only', () => {
    expect(isOperatorRule('operator')).toBe(true);
    expect(isOperatorRule('operator-setup')).toBe(true);
    for (const other of ['admin', 'authenticated', 'public', 'operator-x', '', undefined, { perms: [] }]) expect(isOperatorRule(other)).toBe(false);
  });
});

describe('registerAuthz: registration', () => {
  it('refuses an /api route without a rule, naming it, and accepts a route outside /api without one', () => {
    const app = Fastify();
    registerAuthz(app, authenticate);
    expect(() => app.post('/api/forgotten', async () => ({}))).toThrow('route POST /api/forgotten declares no config.auth');
    expect(() => app.get('/health', async () => ({}))).not.toThrow();
    expect(() => app.get('/assets/api/x', async () => ({}))).not.toThrow();
  });

  it('makes the API documentation public, keeping the rest of its config', async () => {
    const app = Fastify();
    registerAuthz(app, authenticate);
    app.get('/api/docs/json', { config: { module: 'apple' as never } }, async (request) => ({ module: request.routeOptions.config.module }));
    const res = await get(app, '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ module: 'apple' });
    expect(app.routeTable.find((r) => r.url === '/api/docs/json')?.auth).toBe('public');
  });

  it('lists every route once per method with its declared rule', async () => {
    const app = appWithRoutes();
    app.route({ method: ['GET', 'POST'], url: '/api/both', config: { auth: 'admin' }, handler: async () => ({}) });
    await app.ready();
    const both = app.routeTable.filter((r) => r.url === '/api/both');
    expect(both.map((r) => r.method).sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(both.every((r) => r.auth === 'admin')).toBe(true);
    expect(app.routeTable.find((r) => r.url === '/api/needs-p1' && r.method === 'GET')?.auth).toEqual({ perms: ['P1'] });
    expect(app.routeTable.find((r) => r.url === '/health' && r.method === 'GET')?.auth).toBeUndefined();
  });

  it('lists exactly the registered routes, nothing else', async () => {
    const app = Fastify();
    registerAuthz(app, authenticate);
    app.get('/api/one', { config: { auth: 'public' } }, async () => ({}));
    app.post('/two', async () => ({}));
    await app.ready();
    expect(app.routeTable.map((r) => ({ method: r.method, url: r.url, auth: r.auth }))).toEqual([
      { method: 'GET', url: '/api/one', auth: 'public' },
      { method: 'HEAD', url: '/api/one', auth: 'public' },
      { method: 'POST', url: '/two', auth: undefined },
    ]);
  });
});

describe('registerAuthz: decisions', () => {
  // Built in a hook, not while the file is collected: an app that cannot start must fail tests, not the collection.
  let app: FastifyInstance;
  beforeAll(() => {
    app = appWithRoutes();
  });

  it('lets anyone call a public route, and a route outside /api', async () => {
    const res = await get(app, '/api/open');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ open: true });
    expect((await get(app, '/api/open', 'Bearer nobody')).statusCode).toBe(200);
    const health = await get(app, '/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
  });

  it('answers 401 UNAUTHORIZED to a call without a bearer token, before the authenticator is asked', async () => {
    asked.length = 0;
    for (const url of ['/api/any-clerk', '/api/admin-only', '/api/needs-p1', '/api/ops/ready', '/api/ops/setup']) {
      for (const authorization of [undefined, 'Basic plain', 'plain']) {
        const res = await get(app, url, authorization);
        expect(res.statusCode, `${url} ${authorization}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
    expect(asked).toEqual([]);
  });

  it('lets any signed-in clerk call an authenticated route, and hands the handler the caller', async () => {
    for (const token of ['plain', 'p1', 'admin']) {
      const res = await get(app, '/api/any-clerk', `Bearer ${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ clerk: CLERKS[token].clerkId });
    }
    expect((await get(app, '/api/any-clerk', 'Bearer stranger')).statusCode).toBe(401);
  });

  it('lets only an admin call an admin route', async () => {
    expect((await get(app, '/api/admin-only', 'Bearer admin')).json()).toEqual({ clerk: 'admin-1' });
    for (const token of ['plain', 'p1', 'moduled']) {
      const res = await get(app, '/api/admin-only', `Bearer ${token}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '仅管理员可执行此操作' });
    }
  });

  it('lets a holder of the code call a permission route, and refuses the others with 403', async () => {
    expect((await get(app, '/api/needs-p1', 'Bearer p1')).json()).toEqual({ clerk: 'p1-holder' });
    for (const token of ['plain', 'p2']) {
      const res = await get(app, '/api/needs-p1', `Bearer ${token}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '没有权限执行此操作' });
    }
  });

  it('refuses a route of a module the store has not enabled, whoever calls', async () => {
    for (const token of ['plain', 'admin']) {
      const res = await get(app, '/api/apple-module', `Bearer ${token}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '门店未开通此功能' });
    }
    expect((await get(app, '/api/apple-module', 'Bearer moduled')).json()).toEqual({ clerk: 'moduled' });
  });

  it('lets a signed-in operator call operator routes, and one still in set-up only the set-up routes', async () => {
    expect((await get(app, '/api/ops/ready', 'Bearer op-ready')).json()).toEqual({ operator: '运营甲' });
    expect((await get(app, '/api/ops/setup', 'Bearer op-ready')).json()).toEqual({ operator: '运营甲' });
    expect((await get(app, '/api/ops/setup', 'Bearer op-pending')).json()).toEqual({ operator: '运营乙' });
    const pending = await get(app, '/api/ops/ready', 'Bearer op-pending');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: '请先修改初始密码并绑定动态验证码' });
  });

  it('answers a clerk on an operator route, and an operator on a clerk route, with 401', async () => {
    expect((await get(app, '/api/ops/ready', 'Bearer admin')).statusCode).toBe(401);
    expect((await get(app, '/api/any-clerk', 'Bearer op-ready')).statusCode).toBe(401);
  });

  it('refuses every operator route with 401 when the app has no operator sign-in', async () => {
    const noOps = appWithRoutes({ operators: false });
    for (const url of ['/api/ops/ready', '/api/ops/setup']) {
      const res = await get(noOps, url, 'Bearer op-ready');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});

describe('registerAuthz: responses without a decision', () => {
  /** A hook registered before the decision hook answers by itself (with the given status): it bypasses the decision. */
  function shortcutApp(status: number, logs?: string[], type = 'application/json; charset=utf-8') {
    const app = logs
      ? Fastify({
          logger: {
            level: 'error',
            stream: new Writable({
              write: (chunk, _enc, done) => {
                logs.push(String(chunk));
                done();
              },
            }),
          },
        })
      : Fastify();
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/shortcut') || request.url === '/elsewhere')
        return reply
          .code(status)
          .type(type)
          .send(JSON.stringify({ secret: true }));
    });
    registerAuthz(app, authenticate);
    app.get('/api/shortcut', { config: { auth: 'authenticated' } }, async () => ({ secret: true }));
    app.get('/api/shortcut-public', { config: { auth: 'public' } }, async () => ({ secret: true }));
    app.get('/elsewhere', async () => ({ secret: true }));
    return app;
  }

  it('turns a success that left without a decision into a 500 INTERNAL, and logs it', async () => {
    const logs: string[] = [];
    const app = shortcutApp(200, logs);
    for (const url of ['/api/shortcut', '/api/shortcut-public']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: '服务器内部错误' });
    }
    expect(logs.join('')).toContain('response without an authorization decision');
    expect(logs.join('')).toContain('/api/shortcut-public');
    // Whatever the bypassing answer said it was, the 500 is JSON.
    const html = await shortcutApp(200, undefined, 'text/html; charset=utf-8').inject({ method: 'GET', url: '/api/shortcut' });
    expect(html.statusCode).toBe(500);
    expect(html.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('lets an error answer through unchanged: refusing is always allowed, a 400 included', async () => {
    for (const status of [400, 404]) {
      const res = await shortcutApp(status).inject({ method: 'GET', url: '/api/shortcut' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ secret: true });
    }
  });

  it('leaves routes that declare no rule (outside /api) and unknown URLs alone', async () => {
    const app = shortcutApp(200);
    const res = await app.inject({ method: 'GET', url: '/elsewhere' });
    expect(res.statusCode).toBe(200);
    const plain = Fastify();
    registerAuthz(plain, authenticate);
    plain.setNotFoundHandler(async (_request, reply) => reply.code(200).send({ spa: true }));
    const unknown = await plain.inject({ method: 'GET', url: '/somewhere/else' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ spa: true });
  });

  it('keeps a decided answer as it is', async () => {
    const app = appWithRoutes();
    const res = await get(app, '/api/any-clerk', 'Bearer plain');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
