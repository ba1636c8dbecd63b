import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
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
  mdm: Pick<MdmEngine, 'ddm' | 'commander'>;
}

/**
 * createStoreModule wires the store's settings and restriction defaults, and two things every area uses:
 * `stores` (the store repo) and `sensitive` (the password + SMS confirmation of sensitive actions).
 */
export function createStoreModule(deps: StoreModuleDeps) {
  const { db, clerkRepo } = deps;
  const stores = createStoreRepo(db);
  const sensitive = createSensitiveActionGuard({ db, clerkRepo, sms: deps.sms });
  /** A renamed store's phones get the new organization-info: one sync each, woken after commit. */
  const onRenamed = async (storeId: string) => {
    const phones = await db.transaction((tx) => deps.mdm.ddm.storeChanged(tx, storeId));
    deps.mdm.commander.wake(phones);
  };
  return {
    name: 'store',
    stores,
    sensitive,
    async register(app: FastifyInstance) {
      await app.register(storeRoutes, { settings: createStoreSettingsService({ stores, sensitive, onRenamed }) });
      await app.register(storeRestrictionRoutes, { restrictions: createStoreRestrictionService({ stores, clerkRepo }) });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type StoreModule = ReturnType<typeof createStoreModule>;
