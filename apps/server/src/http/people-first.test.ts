import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { askedByPeople } from '../db/lanes.ts';
import { registerPeopleFirst } from './people-first.ts';

/** Over a real socket with a body of some size: the lane must outlast reading it, not only inject's in-memory body. */
const post = async (server: Awaited<ReturnType<typeof app>>, url: string, payload: unknown) => {
  const base = await server.listen({ port: 0, host: '127.0.0.1' });
  try {
    const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return res.json();
  } finally {
    await server.close();
  }
};

const app = async (enter: boolean) => {
  const server = Fastify();
  if (enter) registerPeopleFirst(server);
  // What the routes see when they ask for a connection: after the body, after an await.
  const lane = async () => {
    await new Promise((r) => setTimeout(r, 5));
    return { people: askedByPeople() };
  };
  server.addHook('onRequest', async (request) => {
    (request as unknown as { atAuth: boolean }).atAuth = askedByPeople();
  });
  server.post('/api/leases', async (request) => ({ ...(await lane()), atAuth: (request as unknown as { atAuth: boolean }).atAuth }));
  server.post('/mdm/connect', lane);
  return server;
};

it('runs the console’s requests, body and all, in the people’s lane, and the phones’ outside it', async () => {
  const body = { payload: 'x'.repeat(200_000) };
  expect(await post(await app(true), '/api/leases', body)).toEqual({ people: true, atAuth: true });
  expect(await post(await app(true), '/mdm/connect', body)).toEqual({ people: false });
});

it('needs the hook: without it no request is in the people’s lane', async () => {
  expect(await post(await app(false), '/api/leases', { a: 1 })).toEqual({ people: false, atAuth: false });
});
