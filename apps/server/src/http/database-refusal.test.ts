import { describe, expect, it } from 'vitest';
import { UNPROCESSED_HEADER } from '@lease/shared';
import type { DatabaseWatch } from '../db/availability.ts';
import { createHttpApp } from './http-app.ts';

/** A watch the test turns: the database is lost when `reachable` is false. */
const fakeWatch = () => {
  const w = { reachable: true, suspect: () => {}, close: () => {} } satisfies DatabaseWatch;
  return w;
};

describe('the database deadline of a request let in before the loss', () => {
  it('answers 503 with Retry-After once past the deadline while the database is gone, not marked unprocessed', async () => {
    const watch = fakeWatch();
    const app = createHttpApp({ trustProxy: false, databaseWatch: watch, databaseDeadlineMs: 200 });
    let finished = false;
    // A handler stuck on the pool: the database went away after the request came in.
    app.get('/stuck', async () => {
      setTimeout(() => (watch.reachable = false), 100);
      await new Promise((r) => setTimeout(r, 3_000));
      finished = true;
      return { ok: true };
    });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/stuck' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers[UNPROCESSED_HEADER]).toBeUndefined();
    expect(res.json().message).toBe('数据库暂时无法连接，请稍后重试');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(finished).toBe(false);
    await app.close();
  });

  it('lets a slow request finish while the database is reachable, and a new request is refused at once while it is not', async () => {
    const watch = fakeWatch();
    const app = createHttpApp({ trustProxy: false, databaseWatch: watch, databaseDeadlineMs: 100 });
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 1_300));
      return { ok: true };
    });
    expect((await app.inject({ method: 'GET', url: '/slow' })).statusCode).toBe(200);
    watch.reachable = false;
    const refused = await app.inject({ method: 'GET', url: '/slow' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers[UNPROCESSED_HEADER]).toBe('1');
    await app.close();
  });
});
