import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { OpenApiCaller } from './open-api.service.ts';

export const OPEN_API_PREFIX = '/open/';

export type { OpenApiCaller };

/**
 * guardOpenApiPrefix makes the open API's authentication as hard to forget as the console's (authz.ts guards
 * /api/ only): a route under /open/ registered anywhere but openApiRoutes fails at start-up, and a request
 * reaching a handler under /open/ without a verified signature is refused.
 */
export function guardOpenApiPrefix(app: FastifyInstance) {
  app.decorateRequest('openApi', null);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (url.startsWith(OPEN_API_PREFIX) && route.config?.openApi !== true) {
      throw new Error(`route ${String(route.method)} ${url} is under ${OPEN_API_PREFIX} but not registered through openApiRoutes`);
    }
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith(OPEN_API_PREFIX) && !request.openApi) throw new AppError('UNAUTHORIZED', '开放接口需要 API Key 签名认证');
  });
}
