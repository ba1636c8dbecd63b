import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, SESSION_HINT_COOKIE, type RoutePreload } from '@lease/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPages } from './route-preloads.ts';
import { registerStatic } from './static.ts';

const INDEX = '<!doctype html><html><head><title>租机宝</title></head><body><div id="root"></div></body></html>';
const PRELOADS: RoutePreload[] = [
  { path: '/login', session: false, scripts: ['assets/LoginPage-a.js'], styles: ['assets/login-a.css'] },
  { path: '/console', session: true, scripts: ['assets/HomePage-a.js', 'assets/antd-core-a.js'], styles: ['assets/AntdScope-a.css'] },
  { path: '/console/device/ios/:id', session: true, scripts: ['assets/IosDetailPage-a.js'], styles: [] },
  { path: '/console/device/ios/list', session: true, scripts: ['assets/IosListPage-a.js'], styles: [] },
  { path: '/goto/:key/*', session: false, scripts: ['assets/GotoPage-a.js'], styles: [] },
  { path: '/*', session: false, scripts: ['assets/NotFoundPage-a.js'], styles: [] },
];
const SIGNED_IN = `theme=dark; ${SESSION_HINT_COOKIE}=1`;

function webDist(preloads?: RoutePreload[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (preloads) fs.writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  return dir;
}

const linksIn = (html: Buffer) =>
  [...html.toString().matchAll(/<link rel="(\w+)"(?: as="style")? fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('route preloads in the console HTML', () => {
  const pages = indexPages(webDist(PRELOADS));

  it('names a page’s stylesheets, then its scripts, in the head', () => {
    const html = pages.htmlFor('/login', undefined);
    expect(linksIn(html)).toEqual(['preload /assets/login-a.css', 'modulepreload /assets/LoginPage-a.js']);
    expect(html.toString()).toMatch(/<link[^>]+LoginPage-a\.js"><\/head>/);
  });

  it('gives a console page’s scripts only to a browser holding a session', () => {
    expect(linksIn(pages.htmlFor('/console', undefined))).toEqual([]);
    expect(linksIn(pages.htmlFor('/console', `${SESSION_HINT_COOKIE}=0`))).toEqual([]);
    expect(linksIn(pages.htmlFor('/console', `x${SESSION_HINT_COOKIE}=1`))).toEqual([]);
    expect(linksIn(pages.htmlFor('/console', SIGNED_IN))).toEqual([
      'preload /assets/AntdScope-a.css',
      'modulepreload /assets/HomePage-a.js',
      'modulepreload /assets/antd-core-a.js',
    ]);
  });

  it('matches as the router does: fixed segments before parameters, any case, a trailing slash, the catch-all last', () => {
    const scripts = (p: string) => linksIn(pages.htmlFor(p, SIGNED_IN)).filter((l) => l.startsWith('modulepreload'));
    expect(scripts('/console/device/ios/list')).toEqual(['modulepreload /assets/IosListPage-a.js']);
    expect(scripts('/console/device/ios/7d3f0b7e-0b52-4a57-9a35-3c0f3d0b8a11')).toEqual(['modulepreload /assets/IosDetailPage-a.js']);
    expect(scripts('/Console/Device/IOS/List/')).toEqual(['modulepreload /assets/IosListPage-a.js']);
    expect(scripts('/goto/abc/def/ghi')).toEqual(['modulepreload /assets/GotoPage-a.js']);
    expect(scripts('/console/device/ios/list/extra')).toEqual(['modulepreload /assets/NotFoundPage-a.js']);
  });

  it('serves the plain shell when the build listed no preloads', () => {
    expect(indexPages(webDist()).htmlFor('/login', SIGNED_IN).toString()).toBe(INDEX);
  });

  it('never writes a listed name into the page as markup', () => {
    const html = indexPages(webDist([{ path: '/login', session: false, scripts: ['assets/x"><script>alert(1)</script>.js'], styles: [] }])).htmlFor(
      '/login',
      undefined,
    );
    expect(html.toString()).not.toContain('<script>');
  });
});

describe('the console HTML as served', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerStatic(app, webDist(PRELOADS), fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-data-')));
  });
  afterAll(() => app.close());

  it('varies by cookie and is never cached stale', async () => {
    const res = await app.inject({ url: '/console/device/ios/list?serial_number=F2L', headers: { cookie: SIGNED_IN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('/assets/IosListPage-a.js');
    expect((await app.inject({ url: '/console/device/ios/list' })).body).toBe(INDEX);
  });
});
