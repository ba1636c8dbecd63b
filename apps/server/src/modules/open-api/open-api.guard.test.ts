import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { guardOpenApiPrefix } from './open-api.guard.ts';

describe('guardOpenApiPrefix', () => {
  it('refuses to start when a route under /open/ is registered outside openApiRoutes', async () => {
    const app = Fastify();
    guardOpenApiPrefix(app);
    const start = async () => {
      // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin
      await app.register(async (child) => {
        child.get('/open/v1/forgotten', () => ({ leaked: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('/open/v1/forgotten');
  });

  it('refuses a request reaching an /open/ handler without a verified signature', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    guardOpenApiPrefix(app);
    // Claims to be an open-API route but has none of the plugin's hooks.
    app.get('/open/v1/sneaky', { config: { openApi: true } }, () => ({ leaked: true }));
    app.get('/elsewhere', () => ({ ok: true }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/open/v1/sneaky' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('leaked');
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(200);
    await app.close();
  });
});
