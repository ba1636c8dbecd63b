import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Perm, type PermissionRequirement, hasPermission } from '@lease/shared';
import { AppError } from './app-error.ts';

/**
 * AuthRule is the authorization decision every route must declare in `config.auth`:
 * 'public' (no session), 'authenticated' (any clerk), 'admin', or named permission codes.
 * Routes may also name the store module they belong to.
 */
export type AuthRule = 'public' | 'authenticated' | 'admin' | OperatorRule | PermissionRequirement;

/**
 * Operator console rules: 'operator' needs a fully signed-in operator (password changed, TOTP
 * proven in this session); 'operator-setup' admits the first-sign-in session that must still change its
 * one-time password and enrol TOTP. Both take only operator tokens (audience `ops`), never a clerk's.
 */
export type OperatorRule = 'operator' | 'operator-setup';
export const isOperatorRule = (rule: unknown): rule is OperatorRule => rule === 'operator' || rule === 'operator-setup';

export interface OperatorContext {
  operatorId: string;
  sessionId: string;
  name: string;
  phone: string;
  /** True until the one-time password is changed and TOTP is proven in this session. */
  setupPending: boolean;
}

/** OperatorAuthenticator turns an operator bearer token into the operator, or throws 401 / 403 TOKEN_EXPIRED. */
export type OperatorAuthenticator = (token: string, request: FastifyRequest) => Promise<OperatorContext>;

export interface AuthContext {
  clerkId: string;
  storeId: string;
  sessionId: string;
  isAdmin: boolean;
  perms: string[];
  modules: string[];
}

/**
 * SYSTEM_SESSION marks the AuthContext of the server's own automatic steps (lease plans): no clerk, never the
 * session of a request (those come from the session table, uuids, or `open-api:` keys).
 */
export const SYSTEM_SESSION = 'system:lease-plan';

/** Authenticator turns a bearer token into the caller, or throws 401 / 403 TOKEN_EXPIRED. */
export type Authenticator = (token: string, request: FastifyRequest) => Promise<AuthContext>;

export interface RouteSummary {
  method: string;
  url: string;
  auth?: AuthRule;
}

const GUARDED_PREFIXES = ['/api/'];

/** requireAuth returns the caller of a non-public route; services use it instead of trusting `auth!`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/** requireOperator returns the operator of an 'operator' / 'operator-setup' route. */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

/** requirePerm is the check services make before acting (spec §6: Admin passes everything). */
export function requirePerm(auth: AuthContext, req: Perm | PermissionRequirement) {
  if (!hasPermission(auth.perms, req)) throw new AppError('PERMISSION_DENIED');
}

/** bearer reads the `Authorization: Bearer …` token, or null. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * registerAuthz makes authorization impossible to forget: registering an /api route without
 * `config.auth` fails at start-up, every request is decided before its body is read, and a
 * response that leaves without a decision is turned into a 500 (Fleet's authzcheck).
 */
export function registerAuthz(app: FastifyInstance, authenticate: Authenticator, authenticateOperator?: OperatorAuthenticator) {
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('authzDecided', false);
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    for (const method of [route.method].flat())
      routeTable.push({
        method,
        url,
        get auth() {
          return route.config?.auth;
        },
      });
    if (!GUARDED_PREFIXES.some((p) => url.startsWith(p))) return;
    if (url.startsWith('/api/docs')) {
      route.config = { ...route.config, auth: 'public' };
      return;
    }
    if (!route.config?.auth) throw new Error(`route ${route.method} ${url} declares no config.auth`);
  });

  // Routes without a rule (the phones', static files) and public ones are decided without a promise.
  const decide = async (request: FastifyRequest, rule: Exclude<AuthRule, 'public'>) => {
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    if (isOperatorRule(rule)) {
      // A clerk's token fails here (wrong audience) with 401, as an operator's token fails the clerk check.
      if (!authenticateOperator) throw new AppError('UNAUTHORIZED');
      const operator = await authenticateOperator(token, request);
      request.operator = operator;
      if (rule === 'operator' && operator.setupPending) throw new AppError('PERMISSION_DENIED', '请先修改初始密码并绑定动态验证码');
      request.authzDecided = true;
      return;
    }
    const auth = await authenticate(token, request);
    request.auth = auth;
    const module = request.routeOptions.config.module;
    if (module && !auth.modules.includes(module)) throw new AppError('PERMISSION_DENIED', '门店未开通此功能');
    if (rule === 'admin') {
      if (!auth.isAdmin) throw new AppError('PERMISSION_DENIED', '仅管理员可执行此操作');
    } else if (rule !== 'authenticated' && !hasPermission(auth.perms, rule)) {
      throw new AppError('PERMISSION_DENIED');
    }
    request.authzDecided = true;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const rule = request.routeOptions.config?.auth;
    if (!rule) return done();
    if (rule === 'public') {
      request.authzDecided = true;
      return done();
    }
    decide(request, rule).then(() => done(), done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const matched = request.routeOptions.url !== undefined && request.routeOptions.config?.auth !== undefined;
    if (!matched || request.authzDecided || reply.statusCode >= 400) return done(null, payload);
    request.log.error({ url: request.url }, 'response without an authorization decision');
    reply.code(500).header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: '服务器内部错误' }));
  });
}
