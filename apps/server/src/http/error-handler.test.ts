import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { frameworkErrors, registerErrorHandler } from './error-handler.ts';

/** A driver error as Drizzle throws it: the PostgreSQL error is its cause. */
const wrapped = (code: string) => new Error('Failed query: select …', { cause: Object.assign(new Error('invalid input'), { code }) });

describe('error handler backstop', () => {
  const app = Fastify({ frameworkErrors });
  registerErrorHandler(app);
  app.get('/db/:code', async (req) => {
    throw wrapped((req.params as { code: string }).code);
  });

  it.each([
    ['22P02', /ID 或数字/],
    ['22021', /空字符/],
    ['22P05', /空字符/],
    ['22007', /日期或时间/],
    ['22008', /日期或时间/],
  ])('answers PostgreSQL %s as a Chinese 400 in the envelope', async (code, message) => {
    const res = await app.inject({ method: 'GET', url: `/db/${code}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
  });

  it('keeps other database failures a 500 that tells nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/db/40001' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: '服务器内部错误' });
  });

  it('answers URLs the router cannot decode in the envelope, in Chinese', async () => {
    for (const url of ['/db/%', '/db/%ED%A0%80', '/db/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: '请求地址格式有误' });
    }
  });
});

describe('bad input through the real app', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    headers = (await t.signedIn()).headers;
  });
  afterAll(() => t.close());

  it('refuses NUL, lone surrogates and impossible dates with a Chinese 400 and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/lost-modal-content', headers })).json();
    for (const payload of [{ message: 'a\u0000b' }, { message: '请还款', footnote: '\ud800' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/lost-modal-content', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/空字符|Unicode/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/lost-modal-content', headers })).json()).toEqual(before);
    for (const date of ['20261345', '00000000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/store/clerk/distribution-log?start_date=${date}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/日期无效/) });
    }
  });

  it('answers broken, mistyped and oversized bodies in the envelope', async () => {
    const cases = [
      { headers: { ...headers, 'content-type': 'application/json' }, payload: '{"a":', status: 400 },
      { headers: { ...headers, 'content-type': 'application/xml' }, payload: '<a/>', status: 415 },
      { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }), status: 413 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/lost-modal-content', headers: c.headers, payload: c.payload });
      expect(res.statusCode).toBe(c.status);
      expect(res.json()).toMatchObject({ statusCode: c.status, code: expect.any(String), message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
  });
});
