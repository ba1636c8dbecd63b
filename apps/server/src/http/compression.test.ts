import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// A built console as apps/web/vite/precompress.ts leaves it: each asset with its .br and .gz beside it.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"n":${i},"label":"第${i}行"}`).join(',')}];\n`;
let web: string;
let t: TestApp;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>租机宝</title>');
  const asset = path.join(web, 'assets', 'main-AbCd1234.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  t = await buildTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('built assets', () => {
  const get = (encoding?: string) => t.app.inject({ method: 'GET', url: '/assets/main-AbCd1234.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy to a browser that accepts it, cached for good and varying on Accept-Encoding', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('keeps the console shell fresh', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/device/ios/list' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer and leaves a small one alone', async () => {
    const { clerk, headers } = await t.signedIn();
    for (let i = 0; i < 40; i++) await t.newIosDevice({ storeId: clerk.storeId });
    const res = await t.app.inject({ method: 'GET', url: '/api/device/ios/list?page_size=50', headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(JSON.parse(body.toString()).list).toHaveLength(40);
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);

    const gz = await t.app.inject({ method: 'GET', url: '/api/device/ios/list?page_size=50', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});
