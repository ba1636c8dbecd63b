import { isOperatorRule } from './authz.ts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { registerAuthz } from './authz.ts';

/**
 * The backstop of checklist item 18: every API route declares who may call it, and the declaration
 * is enforced. A route added later without a rule fails here (and at start-up).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, SAMPLE_ID).replace(/\*$/, 'x');
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');

describe('authorization backstop', () => {
  it('finds the API routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it('every API route declares a rule', () => {
    const missing = apiRoutes().filter((r) => !r.auth);
    expect(missing).toEqual([]);
  });

  it('every non-public API route answers 401 without a token, whatever the body', async () => {
    for (const route of apiRoutes().filter((r) => r.auth !== 'public')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), payload: route.method === 'GET' ? undefined : { junk: true } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('every admin or permission route answers 403 to a clerk holding no permission', async () => {
    const { headers } = await t.signedIn({ isAdmin: false, permission: '' });
    const guarded = apiRoutes().filter((r) => r.auth && r.auth !== 'public' && r.auth !== 'authenticated' && !isOperatorRule(r.auth));
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), headers, payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('every operator route (/api/ops) answers 401 to a store admin: the clerk token has the wrong audience', async () => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const operatorRoutes = apiRoutes().filter((r) => isOperatorRule(r.auth));
    expect(operatorRoutes.length).toBeGreaterThan(5);
    for (const route of operatorRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), headers, payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('no API route answers 5xx to an admin sending an empty or junk body', async () => {
    const { headers } = await t.signedIn({ isAdmin: true });
    for (const route of apiRoutes().filter((r) => r.url !== '/api/auth/logout')) {
      for (const payload of [undefined, {}, { page_size: 'x', id: 12 }]) {
        const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), headers, payload: route.method === 'GET' ? undefined : payload });
        expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      }
    }
  });

  it('refuses to register an API route that declares no rule', async () => {
    const app = Fastify();
    registerAuthz(app, async () => {
      throw new Error('unused');
    });
    expect(() => app.get('/api/forgotten', async () => ({ secret: true }))).toThrow(/declares no config.auth/);
  });

  it('turns a response that left without a decision into a 500', async () => {
    const app = Fastify();
    // A hook registered before the decision hook that answers by itself would bypass authorization.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/api/shortcut') return reply.send({ secret: true });
    });
    registerAuthz(app, async () => {
      throw new Error('unused');
    });
    app.get('/api/shortcut', { config: { auth: 'authenticated' } }, async () => ({ secret: true }));
    const res = await app.inject({ method: 'GET', url: '/api/shortcut' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });
});
