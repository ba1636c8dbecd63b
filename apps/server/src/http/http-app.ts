import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseWatch } from '../db/availability.ts';
import { registerClosingRefusal } from './closing.ts';
import { registerDatabaseRefusal } from './database-refusal.ts';
import { frameworkErrors, registerErrorHandler } from './error-handler.ts';
import { registerRequestWork } from './request-work.ts';
import { PhoneQuietLogController, registerRequestLogging } from './request-logging.ts';

/**
 * createHttpApp is the Fastify instance every request meets before any module: zod schemas, a request id on every
 * answer, the refusal while closing, the one error envelope and the request log. Its hooks are callback-style,
 * so a phone's round trip pays no promise per hook.
 */
export function createHttpApp(options: {
  logger?: FastifyServerOptions['logger'];
  trustProxy: FastifyServerOptions['trustProxy'];
  /** Log console requests that succeed at debug (LOG_REQUESTS=failed). */
  quietSucceeded?: boolean;
  /** PostgreSQL's reachability: while it is lost, requests are refused at once (503) instead of waiting on the pool. */
  databaseWatch?: DatabaseWatch;
}) {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    logController: new PhoneQuietLogController({ quietSucceeded: options.quietSucceeded }),
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerRequestWork(app);
  registerClosingRefusal(app);
  if (options.databaseWatch) registerDatabaseRefusal(app, options.databaseWatch);
  registerErrorHandler(app);
  registerRequestLogging(app);
  return app;
}

/** registerOpenApi serves the OpenAPI document generated from the routes' zod schemas at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, { openapi: { info: { title: '租机宝设备管理 API', version } }, transform: jsonSchemaTransform });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
