import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { userRoutes } from './user.routes.ts';
import { createUserService } from './user.service.ts';

export interface UserModuleDeps extends Pick<ModuleBase, 'db'> {
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  auth: AuthService;
}

/** createUserModule wires the signed-in clerk's own account calls (profile, phone, password). */
export function createUserModule(deps: UserModuleDeps) {
  const user = createUserService({ db: deps.db, clerkRepo: deps.clerkRepo, sms: deps.sms, auth: deps.auth });
  return {
    name: 'user',
    async register(app: FastifyInstance) {
      await app.register(userRoutes, { user });
    },
  } satisfies AppModule;
}
