import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { LoginLogRepo } from '../logs/login-log.repo.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { createAuthRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { AccessTokens } from './tokens.ts';

export interface AuthModuleDeps extends Pick<ModuleBase, 'db' | 'config' | 'secrets'> {
  clerkRepo: ClerkRepo;
  loginLog: LoginLogRepo;
  sms: SmsCodeService;
}

/**
 * createAuthModule wires the store console's sign-in: `auth` (sessions and tokens; registerAuthz authenticates
 * with it and other areas end sessions through it), the password reset and the routes.
 */
export function createAuthModule(deps: AuthModuleDeps) {
  const { db, config, secrets, clerkRepo } = deps;
  const auth = createAuthService({
    config: config.auth,
    tokens: new AccessTokens(secrets.jwt, config.auth.accessTokenTtlSeconds),
    authRepo: createAuthRepo(db),
    clerkRepo,
    loginLog: deps.loginLog,
  });
  const passwordReset = createPasswordResetService({ clerkRepo, sms: deps.sms, auth });
  return {
    name: 'auth',
    auth,
    async register(app: FastifyInstance) {
      await app.register(authRoutes, { auth, passwordReset });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type AuthModule = ReturnType<typeof createAuthModule>;
