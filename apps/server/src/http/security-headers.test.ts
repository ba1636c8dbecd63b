import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';

/** A stand-in console build: the static route serves whatever index.html WEB_DIST holds. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index.js"></script>');

/** directives splits a CSP header into { name: sources }. */
const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...src]) => [name, src]),
  );

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('gives the console a strict CSP and the framing, sniffing and referrer headers', async () => {
    for (const url of ['/', '/device/ios/list', '/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(JSON.stringify(csp)).not.toContain('amap');
      expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
    }
  });

  it('turns off the browser features the console never uses (camera, microphone, geolocation…), and keeps copying to the clipboard', async () => {
    for (const url of ['/', '/device/ios/list', '/api/health', '/api/no-such-route', '/api/docs']) {
      const header = (await t.app.inject({ method: 'GET', url })).headers['permissions-policy'] as string;
      const features = Object.fromEntries((header ?? '').split(',').map((f) => f.trim().split('=')));
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture'])
        expect(features[feature], `${url} ${feature}`).toBe('()');
      // antd's copy buttons write to the clipboard: left at the browser's default (this origin).
      expect(features['clipboard-write'], url).toBeUndefined();
    }
  });

  it("leaves the phones' own routes without browser headers (they read plists, never render them)", async () => {
    const mdm = await t.app.inject({ method: 'PUT', url: '/mdm/connect', payload: 'x', headers: { 'content-type': 'application/x-apple-aspen-mdm' } });
    expect(mdm.statusCode).toBe(403);
    expect(mdm.headers['content-security-policy']).toBeUndefined();
    expect(mdm.headers['x-frame-options']).toBeUndefined();
    expect(mdm.headers['permissions-policy']).toBeUndefined();
    expect(mdm.headers['x-request-id']).toBeDefined();
  });

  it('sends HSTS only over https: never on plain http, nor for a forged x-forwarded-proto without TRUST_PROXY', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives Swagger UI its own CSP, no looser for scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('data:');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('security headers with an AMap key and a TLS front', () => {
  let amap: TestApp;
  beforeAll(async () => {
    amap = await buildTestApp({ WEB_DIST: webDist, AMAP_KEY: 'test-key', TRUST_PROXY: '1' });
  });
  afterAll(() => amap.close());

  it('lets the AMap hosts in, and sends HSTS when the trusted front says https', async () => {
    const res = await amap.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'", 'https://*.amap.com', 'https://*.autonavi.com']);
    expect(csp['connect-src']).toContain('https://*.amap.com');
    expect(csp['img-src']).toContain('https://*.autonavi.com');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect((await amap.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });
});
