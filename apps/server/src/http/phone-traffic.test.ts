import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitsBehind } from '../db/deferred-work.ts';
import { registerPhoneDeferral } from './phone-traffic.ts';

describe('registerPhoneDeferral', () => {
  it('marks the phones’ requests, bodies included, as deferred work and leaves the console’s unmarked', async () => {
    const app = Fastify();
    registerPhoneDeferral(app);
    const seen = async () => {
      // Past an await, as a handler's statements are.
      await new Promise((r) => setTimeout(r, 1));
      return { deferred: waitsBehind() };
    };
    app.get('/mdm/connect', seen);
    app.post('/agent/v1/checkin', seen);
    app.post('/api/device/list', seen);
    // Over a socket: app.inject hands the body over without the socket events a real request's body arrives in.
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const call = async (method: string, path: string, body?: object) => {
      if (!body) return (await fetch(base + path, { method })).json();
      // The body's second half arrives later, in a socket event of its own.
      const [head, tail] = [JSON.stringify(body).slice(0, 5), JSON.stringify(body).slice(5)];
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
          await new Promise((r) => setTimeout(r, 50));
          controller.enqueue(new TextEncoder().encode(tail));
          controller.close();
        },
      });
      const init = { method, headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' };
      return (await fetch(base + path, init as RequestInit)).json();
    };
    try {
      expect(await call('GET', '/mdm/connect')).toEqual({ deferred: true });
      expect(await call('POST', '/agent/v1/checkin', { battery: 80 })).toEqual({ deferred: true });
      expect(await call('POST', '/api/device/list', { page: 1 })).toEqual({ deferred: false });
    } finally {
      await app.close();
    }
  });
});
