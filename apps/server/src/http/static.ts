import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { indexPages } from './route-preloads.ts';

/**
 * HostSites answers for the hosts stores claim as their own (white label): the config.json body and the logo.
 * The store module implements it; the files under DATA_DIR/custom/<host>/ answer for any other host.
 */
export interface HostSites {
  configFor(host: string): Promise<{ title?: string; hideLoginPageLogo: boolean } | null>;
  logoFor(host: string): Promise<{ content: Buffer; type: string } | null>;
}

const NO_SITES: HostSites = { configFor: async () => null, logoFor: async () => null };
const validHost = (host: string) => /^[a-z0-9.:-]+$/i.test(host) && !host.includes('..');

/**
 * registerStatic serves the built console with a history fallback, and per-host site config under
 * /custom/<host>/ (spec §1: title and login logo per host): a store's own host from its settings, else DATA_DIR/custom.
 */
export async function registerStatic(app: FastifyInstance, webDist: string, dataDir: string, sites: HostSites = NO_SITES) {
  const customDir = path.join(dataDir, 'custom');
  fs.mkdirSync(customDir, { recursive: true });
  // Every console page asks for its host's config; most hosts have none. An empty 204 says so without
  // the browser logging a failed request (spec: the fallback to the defaults is silent).
  app.get<{ Params: { host: string } }>('/custom/:host/config.json', { config: { auth: 'public' } }, async (request, reply) => {
    const { host } = request.params;
    const file = path.join(customDir, host, 'config.json');
    reply.header('cache-control', 'public, max-age=600');
    if (!validHost(host)) return reply.code(204).send();
    const store = await sites.configFor(host);
    if (store) return reply.type('application/json; charset=utf-8').send(JSON.stringify(store));
    if (!fs.existsSync(file)) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(fs.readFileSync(file));
  });
  // A store's host shows its logo; one without a logo (its config.json was read) falls back to the default icon.
  app.get<{ Params: { host: string } }>('/custom/:host/favicon.png', { config: { auth: 'public' } }, async (request, reply) => {
    const { host } = request.params;
    // A missing logo is the app's own 404 (its JSON envelope), as for any other unknown path.
    if (!validHost(host)) return reply.callNotFound();
    const logo = await sites.logoFor(host);
    reply.header('cache-control', 'public, max-age=600');
    if (logo) return reply.type(logo.type).send(logo.content);
    const file = path.join(customDir, host, 'favicon.png');
    if (fs.existsSync(file)) return reply.type('image/png').send(fs.readFileSync(file));
    if (await sites.configFor(host)) return reply.redirect('/favicon.svg');
    return reply.callNotFound();
  });
  await app.register(fastifyStatic, { root: customDir, prefix: '/custom/', decorateReply: false, cacheControl: true, maxAge: 600_000 });

  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (!hasWeb) {
    app.log.warn({ webDist }, 'console build not found; run `npm run build` to serve the web console');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite/precompress.ts): the smallest the
    // browser accepts is sent as is, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; the shell and the build manifest must always be fresh.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pages = indexPages(webDist);
  // The HTML names the page's scripts only for a browser with a session (the hint cookie): caches keep one per cookie.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .send(pages.htmlFor(request.url.split('?')[0], request.headers.cookie));
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0];
    if (/^\/(api|mdm|agent|open)(\/|$)/.test(url)) {
      return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `接口不存在：${request.method} ${url}` });
    }
    const file = path.join(webDist, decodeURIComponent(url));
    if (file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(webDist, file));
    }
    // Unknown asset paths are real 404s; every other path is a console route for the router to resolve.
    if (/^\/(assets|builds)\//.test(url) || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return sendIndex(request, reply);
  });
}
