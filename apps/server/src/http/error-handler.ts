import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, type FieldError, errorMessage, errorStatus } from '@lease/shared';
import { DB_RETRY_AFTER_S, DB_UNREACHABLE_MESSAGE, isDatabaseUnreachable } from '../db/availability.ts';
import { badInputMessage } from '../db/errors.ts';
import { AppError } from './app-error.ts';
import { unboundContext } from './request-logging.ts';

const body = (code: ErrorCode, message = errorMessage[code], errors?: FieldError[]): ApiErrorBody => ({
  statusCode: errorStatus[code],
  code,
  message,
  ...(errors ? { errors } : {}),
});

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to our codes and Chinese. */
const fastifyClientErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_FAILED', '请求体不是有效的 JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_FAILED', '请求体不能为空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', '不支持的内容类型'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', '请求内容过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', '请求长度有误'],
  FST_ERR_CTP_INVALID_TYPE: ['VALIDATION_FAILED', '请求内容类型有误'],
};

const fieldOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '.');

/** registerErrorHandler renders every failure as `{statusCode, code, message}` and never leaks 5xx detail. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(body(error.code, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({ field: fieldOf(v.instancePath), message: v.message ?? '格式有误' }));
      const first = errors[0];
      const message = first ? (first.field ? `${first.message}（${first.field}）` : first.message) : errorMessage.VALIDATION_FAILED;
      return reply.code(400).send(body('VALIDATION_FAILED', message, errors));
    }
    // Backstop: a value no schema caught but PostgreSQL refused (bad uuid, NUL, impossible date…) is still bad input.
    const badInput = badInputMessage(error);
    if (badInput) {
      request.log.warn({ err: error, ...unboundContext(request) }, 'database refused a request value');
      return reply.code(400).send(body('VALIDATION_FAILED', badInput));
    }
    // Cut off from PostgreSQL, or it is restarting: nothing the request asked for is wrong, so it may come again.
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error, ...unboundContext(request) }, 'database unreachable');
      return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send(body('SERVICE_UNAVAILABLE', DB_UNREACHABLE_MESSAGE));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.code(errorStatus[known[0]]).send(body(known[0], known[1]));
    if (error.statusCode === 429) return reply.code(429).send(body('TOO_MANY_REQUESTS'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(400).send(body('VALIDATION_FAILED', errorMessage.VALIDATION_FAILED));
    }
    request.log.error({ err: error, ...unboundContext(request) }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body('NOT_FOUND', `接口不存在：${request.method} ${request.url.split('?')[0]}`));
  });
}

/** Refusals of Fastify's router, before any route or hook runs: a URL that does not decode, a path part too long. */
const routerErrors: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址格式有误',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址中的参数过长',
};

/** frameworkErrors (Fastify's option of that name) answers the router's refusals in the envelope too. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (routerErrors[error.code]) return reply.code(400).send(body('VALIDATION_FAILED', routerErrors[error.code]));
  request.log.error({ err: error }, 'router error');
  return reply.code(500).send(body('INTERNAL'));
}
