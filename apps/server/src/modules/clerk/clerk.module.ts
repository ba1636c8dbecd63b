import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { ClerkRepo } from './clerk.repo.ts';
import { clerkRoutes } from './clerk.routes.ts';
import { createClerkService } from './clerk.service.ts';
import { createDistributionLogRepo } from './distribution-log.repo.ts';

export interface ClerkModuleDeps extends Pick<ModuleBase, 'db'> {
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  auth: AuthService;
}

/** createClerkModule wires the store's clerk management (店员管理) and its distribution log. */
export function createClerkModule(deps: ClerkModuleDeps) {
  const { db } = deps;
  const clerks = createClerkService({ db, clerkRepo: deps.clerkRepo, sms: deps.sms, auth: deps.auth, distributionLog: createDistributionLogRepo(db) });
  return {
    name: 'clerk',
    async register(app: FastifyInstance) {
      await app.register(clerkRoutes, { clerks });
    },
  } satisfies AppModule;
}
