import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const dir = path.join(t.config.dataDir, 'custom', 'shop.example.com');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ title: '示例租机' }));
});
afterAll(() => t.close());

describe('per-host site config', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves a host that has one', async () => {
    const res = await get('/custom/shop.example.com/config.json?t=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: '示例租机' });
  });

  it('answers an empty 204 for a host without one, so the browser logs no failed request', async () => {
    const res = await get('/custom/localhost:3000/config.json');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toMatch(/max-age=600/);
  });

  it('never reads outside the custom folder', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'config.json'), '{"secret":1}');
    for (const host of ['..', '%2e%2e', '..%2f..']) expect((await get(`/custom/${host}/config.json`)).statusCode).not.toBe(200);
  });
});
