import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { isPhoneTraffic } from './phone-traffic.ts';
import { loggerOptions, PhoneQuietLogController, registerRequestLogging } from './request-logging.ts';

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** appWithLog is a Fastify app wired as buildApp wires logging, writing JSON lines into `lines`. */
async function appWithLog(level: string, quietSucceeded = false) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new PhoneQuietLogController({ quietSucceeded }) });
  registerErrorHandler(app);
  registerRequestLogging(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('agentIdentity', undefined);
  // Stand-ins for authz.ts (console session) and the agent gateway's signature check.
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-store']) (request as unknown as { auth: unknown }).auth = { storeId: String(request.headers['x-store']) };
  });
  app.get('/api/ios-devices/:id/boom', async () => {
    throw new Error('kaput');
  });
  app.get('/api/ok', async () => ({ ok: true }));
  app.post(
    '/agent/v1/status',
    { preValidation: async (request) => void ((request as unknown as { agentIdentity: unknown }).agentIdentity = { storeId: 'store-a', deviceId: 'dev-7' }) },
    async () => {
      throw new Error('agent kaput');
    },
  );
  app.get('/mdm/connect', async () => 'ok');
  await app.ready();
  return { app, lines };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

test('an error line carries the request id, the store and the device of a console device route', async () => {
  const { app, lines } = await appWithLog('info');
  close = () => app.close();
  const res = await app.inject({ method: 'GET', url: '/api/ios-devices/d-42/boom', headers: { 'x-store': 'store-1' } });
  expect(res.statusCode).toBe(500);
  const errors = lines.filter((l) => (l.level as number) >= LEVEL.error);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ reqId: expect.any(String), storeId: 'store-1', deviceId: 'd-42', msg: 'unhandled error' });
  // One storeId key, not two (the child binding and the handler's context must not both write it).
  expect(JSON.stringify(errors[0]).match(/"storeId"/g)).toHaveLength(1);
});

test("an agent's error line names its store and device; its request lines are debug, a console request's info", async () => {
  const { app, lines } = await appWithLog('info');
  close = () => app.close();
  await app.inject({ method: 'POST', url: '/agent/v1/status', payload: {} });
  await app.inject({ method: 'GET', url: '/mdm/connect' });
  await app.inject({ method: 'GET', url: '/api/ok' });
  expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({ reqId: expect.any(String), storeId: 'store-a', deviceId: 'dev-7' });
  const requestLines = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
  expect(requestLines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean)).toEqual(['/api/ok']);
  expect(requestLines).toHaveLength(2);
});

test('quiet (LOG_REQUESTS=failed, the demo): a console request that succeeds writes no info line, a failed one writes one naming it', async () => {
  const { app, lines } = await appWithLog('info', true);
  close = () => app.close();
  await app.inject({ method: 'GET', url: '/api/ok' });
  await app.inject({ method: 'GET', url: '/api/missing' });
  const requestLines = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
  expect(requestLines).toHaveLength(1);
  expect(requestLines[0]).toMatchObject({ level: LEVEL.info, req: { method: 'GET', url: '/api/missing' }, res: { statusCode: 404 } });
});

test('at debug level the phone request lines come back', async () => {
  const { app, lines } = await appWithLog('debug');
  close = () => app.close();
  await app.inject({ method: 'GET', url: '/mdm/connect' });
  const phone = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
  expect(phone.map((l) => l.level)).toEqual([LEVEL.debug, LEVEL.debug]);
  expect(phone[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
});

test('phone traffic is /mdm/* and /agent/v1/*, nothing else', () => {
  expect(['/mdm/checkin', '/agent/v1', '/agent/v1/ws', '/agent/v1?x=1'].every(isPhoneTraffic)).toBe(true);
  expect(['/api/mdm/x', '/agent/v10', '/mdmx', '/api/health'].some(isPhoneTraffic)).toBe(false);
});

test('pretty lines in development, JSON in production', () => {
  expect(loggerOptions({ isProduction: false, logLevel: 'info' })).toMatchObject({ transport: { target: 'pino-pretty' } });
  expect(loggerOptions({ isProduction: true, logLevel: 'warn' })).toEqual({ level: 'warn' });
});
