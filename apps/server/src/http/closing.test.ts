import net from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { CLOSING_MESSAGE, registerClosingRefusal } from './closing.ts';

/** rawExchange writes `first`, then after `then()` writes `second` on the same kept-alive connection. */
function rawExchange(port: number, first: string, second: string, then: () => Promise<void>) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(first);
    void then().then(() => socket.write(second));
  });
}

it('answers a request reaching a closing server with a Chinese 503 and Connection: close, without running its handler', async () => {
  const app = Fastify({ return503OnClosing: false });
  registerClosingRefusal(app);
  let ran = 0;
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { ok: true };
  });
  app.post('/lock', async () => ({ locked: ++ran }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;

  let closed: Promise<void> | undefined;
  const text = await rawExchange(port, 'GET /slow HTTP/1.1\r\nHost: x\r\n\r\n', 'POST /lock HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', async () => {
    await new Promise((r) => setTimeout(r, 50));
    closed = app.close();
    await new Promise((r) => setTimeout(r, 20));
  });
  await closed;

  const [slow, refusal] = text.split(/(?=HTTP\/1\.1 )/);
  expect(slow).toMatch(/^HTTP\/1\.1 200/);
  expect(slow).toContain('{"ok":true}');
  expect(refusal).toMatch(/^HTTP\/1\.1 503/);
  expect(refusal.toLowerCase()).toContain('connection: close');
  expect(refusal.toLowerCase()).toMatch(/retry-after: [1-3]\r\n/);
  // Nothing ran: the console sends it again, whatever its method.
  expect(refusal.toLowerCase()).toMatch(/x-request-unprocessed: 1\r\n/);
  expect(JSON.parse(refusal.slice(refusal.indexOf('\r\n\r\n') + 4))).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: CLOSING_MESSAGE });
  expect(ran).toBe(0);
});

it('closes a kept-alive connection as soon as the answer it was waiting for has been sent, not at the keep-alive timeout', async () => {
  const app = Fastify({ return503OnClosing: false });
  registerClosingRefusal(app);
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((r) => setTimeout(r, 50));

  const started = Date.now();
  await app.close();
  await ended;
  expect(text).toMatch(/^HTTP\/1\.1 200/);
  expect(Date.now() - started).toBeLessThan(2000);
}, 10_000);

it('serves requests as usual until the server starts closing', async () => {
  const app = Fastify({ return503OnClosing: false });
  registerClosingRefusal(app);
  app.get('/', async () => ({ ok: true }));
  expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  await app.close();
});
