import type { FastifyInstance } from 'fastify';
import { type ApiErrorBody, errorStatus, UNPROCESSED_HEADER } from '@lease/shared';

export const CLOSING_MESSAGE = '服务器正在重启，请稍后重试';

/**
 * registerClosingRefusal answers a request that reaches a closing server (on a kept-alive connection, after
 * SIGTERM) with our 503 envelope in Chinese, Retry-After and `Connection: close`, before any handler runs: the
 * request changed nothing and the client sends it again (the same Idempotency-Key) to the restarted server.
 * It replaces Fastify's own English 503 (`return503OnClosing: false` in app.ts).
 */
export function registerClosingRefusal(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    const body: ApiErrorBody = { statusCode: errorStatus.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE', message: CLOSING_MESSAGE };
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', String(1 + Math.floor(Math.random() * 3)))
      .header(UNPROCESSED_HEADER, '1')
      .send(body);
  });
}
