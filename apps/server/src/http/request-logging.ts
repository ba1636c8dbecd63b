import { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { isPhoneTraffic } from './phone-traffic.ts';

/** loggerOptions: pino-pretty lines in development, one JSON object per line in production (NODE_ENV). */
export function loggerOptions(config: { isProduction: boolean; logLevel: string }): FastifyServerOptions['logger'] {
  if (config.isProduction) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}

/**
 * PhoneQuietLogController (Fastify's `logController` option) writes Fastify's own request lines as usual, except
 * for phone traffic (isPhoneTraffic), whose lines go to debug so the console log shows what a person needs;
 * LOG_LEVEL=debug brings them back. Errors of phone requests stay at error level. With `quietSucceeded` (LOG_REQUESTS=failed,
 * the demo's default) a console request logs one info line only when it fails (status 400 and up); the rest go to debug.
 */
export class PhoneQuietLogController extends LogController {
  private readonly quietSucceeded: boolean;

  constructor(options: { quietSucceeded?: boolean } = {}) {
    super();
    this.quietSucceeded = options.quietSucceeded ?? false;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!this.quietSucceeded && !isPhoneTraffic(request.url)) return super.incomingRequest(request, reply);
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (isPhoneTraffic(request.url) || (this.quietSucceeded && reply.statusCode < 400)) {
      return reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    // Quiet, a failed request's only line: it names the request, as the incoming line (now at debug) did.
    if (this.quietSucceeded) return reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    return super.requestCompleted(error, request, reply);
  }
}

interface LogContext {
  storeId?: string;
  deviceId?: string;
}

/**
 * logContextOf is what is known about whom a request concerns: the store of the signed-in clerk, the API key's
 * store, or the verified agent (with its device); a device route's :id (or :deviceId) names the device.
 */
export function logContextOf(request: FastifyRequest): LogContext {
  const r = request as FastifyRequest & {
    auth?: { storeId: string } | null;
    openApi?: { storeId: string } | null;
    agentIdentity?: { storeId: string; deviceId: string };
  };
  const storeId = r.auth?.storeId ?? r.openApi?.storeId ?? r.agentIdentity?.storeId;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const routeUrl = request.routeOptions?.url ?? '';
  const paramDevice = typeof params.deviceId === 'string' ? params.deviceId : /device/i.test(routeUrl) && typeof params.id === 'string' ? params.id : undefined;
  const deviceId = r.agentIdentity?.deviceId ?? paramDevice;
  return { ...(storeId ? { storeId } : {}), ...(deviceId ? { deviceId } : {}) };
}

const bound = new WeakSet<FastifyRequest>();

/** unboundContext: the context not yet on request.log (the error handler adds it to lines written before preHandler). */
export function unboundContext(request: FastifyRequest): LogContext {
  return bound.has(request) ? {} : logContextOf(request);
}

/** registerRequestLogging binds store and device ids to request.log once they are known. */
export function registerRequestLogging(app: FastifyInstance) {
  // After authentication (onRequest) and the agent's signature (preValidation): every later line of this request,
  // errors included, names its store and device.
  app.addHook('preHandler', (request, _reply, done) => {
    const context = logContextOf(request);
    if (context.storeId || context.deviceId) {
      request.log = request.log.child(context);
      bound.add(request);
    }
    done();
  });
}
