import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { createSensitiveActionGuard } from './sensitive-action.ts';
import { storeRestrictionRoutes } from './store-restriction.routes.ts';
import { createStoreRestrictionService } from './store-restriction.service.ts';
import { createStoreSettingsService } from './store-settings.service.ts';
import { createStoreRepo } from './store.repo.ts';
import { storeRoutes } from './store.routes.ts';

export interface StoreModuleDeps extends Pick<ModuleBase, 'db'> {
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
}

/**
 * createStoreModule wires the store's settings and restriction defaults, and two things every area uses:
 * `stores` (the store repo) and `sensitive` (the password + SMS confirmation of sensitive actions).
 */
export function createStoreModule(deps: StoreModuleDeps) {
  const { db, clerkRepo } = deps;
  const stores = createStoreRepo(db);
  const sensitive = createSensitiveActionGuard({ db, clerkRepo, sms: deps.sms });
  return {
    name: 'store',
    stores,
    sensitive,
    async register(app: FastifyInstance) {
      await app.register(storeRoutes, { settings: createStoreSettingsService({ stores, sensitive }) });
      await app.register(storeRestrictionRoutes, { restrictions: createStoreRestrictionService({ stores, clerkRepo }) });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type StoreModule = ReturnType<typeof createStoreModule>;
