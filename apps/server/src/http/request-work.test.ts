import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { laneOf } from '../db/work-order.ts';
import { registerRequestWork } from './request-work.ts';

describe('registerRequestWork', () => {
  it('runs each request as work of its own, the phones’ (bodies included) deferred', async () => {
    const app = Fastify();
    registerRequestWork(app);
    const seen = async () => {
      // Past an await, as a handler's statements are.
      await new Promise((r) => setTimeout(r, 1));
      return { lane: laneOf() };
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
      expect(await call('GET', '/mdm/connect')).toEqual({ lane: 'deferred' });
      expect(await call('POST', '/agent/v1/checkin', { battery: 80 })).toEqual({ lane: 'deferred' });
      expect(await call('POST', '/api/device/list', { page: 1 })).toEqual({ lane: 'first' });
    } finally {
      await app.close();
    }
  });
});
