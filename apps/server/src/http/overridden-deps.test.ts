import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

// package.json `overrides` pins light-my-request's `cookie` to 1.1.1 and @fastify/static's
// `content-disposition` to 2.0.1 (the newest releases that run on every Node npm itself may run on,
// so `npm install` prints no EBADENGINE). These tests use exactly the functions the parents call.

test('inject with cookies still sends them (light-my-request → cookie.stringifySetCookie)', async () => {
  const app = Fastify();
  app.get('/echo', async (req) => ({ cookie: req.headers.cookie }));
  const res = await app.inject({ method: 'GET', url: '/echo', cookies: { sid: 'abc', lang: 'zh-CN' } });
  expect(res.json()).toEqual({ cookie: 'sid=abc; lang=zh-CN' });
  await app.close();
});

test('reply.download still names the file (@fastify/static → content-disposition.create)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-'));
  fs.writeFileSync(path.join(dir, 'a.txt'), 'hi');
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, serve: false });
  app.get('/dl', (_req, reply) => reply.download('a.txt', '设备列表.txt'));
  const res = await app.inject({ method: 'GET', url: '/dl' });
  expect(res.body).toBe('hi');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="????.txt"; filename*=UTF-8''${encodeURIComponent('设备列表.txt')}`);
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
