import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { indexPages } from './route-preloads.ts';

/**
 * registerStatic serves the built console with a history fallback, and per-host site config under
 * /custom/<host>/ from DATA_DIR/custom (spec §1: title and login logo per host).
 */
export async function registerStatic(app: FastifyInstance, webDist: string, dataDir: string) {
  const customDir = path.join(dataDir, 'custom');
  fs.mkdirSync(customDir, { recursive: true });
  // Every console page asks for its host's config; most hosts have none. An empty 204 says so without
  // the browser logging a failed request (spec: the fallback to the defaults is silent).
  app.get<{ Params: { host: string } }>('/custom/:host/config.json', { config: { auth: 'public' } }, (request, reply) => {
    const { host } = request.params;
    const file = path.join(customDir, host, 'config.json');
    reply.header('cache-control', 'public, max-age=600');
    if (!/^[a-z0-9.:-]+$/i.test(host) || host.includes('..') || !fs.existsSync(file)) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(fs.readFileSync(file));
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
