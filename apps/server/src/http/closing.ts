import type { FastifyInstance } from 'fastify';
import { spreadS, stepAside } from './step-aside.ts';

export const CLOSING_MESSAGE = '服务器正在重启，请稍后重试';

/**
 * registerClosingRefusal answers a request that reaches a closing server (on a kept-alive connection, after
 * SIGTERM) with our 503 envelope in Chinese, Retry-After and `Connection: close`, before any handler runs: the
 * request changed nothing and the client sends it again (the same Idempotency-Key) to the restarted server.
 * It replaces Fastify's own English 503 (`return503OnClosing: false` in app.ts).
 *
 * Closing drops the kept-alive connections that are idle at that moment; one whose answer was still on its way
 * becomes idle only when it has been sent, and would then hold the close for the keep-alive timeout (72 s). So while
 * closing, every answer sent is followed by another sweep of idle connections.
 */
export function registerClosingRefusal(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    stepAside(reply.header('connection', 'close'), spreadS(1, 3), CLOSING_MESSAGE);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After Node has detached the answer from its connection, which happens on the same 'finish' before this hook.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
