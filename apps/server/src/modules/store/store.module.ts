import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { createSecretBox } from '../../secret-box.ts';
import { createSensitiveActionGuard } from './sensitive-action.ts';
import { storeMdmHostRoutes } from './store-mdm-host.routes.ts';
import { createStoreMdmHostService } from './store-mdm-host.service.ts';
import { createStoreSiteRepo } from './store-site.repo.ts';
import { storeRestrictionRoutes } from './store-restriction.routes.ts';
import { createStoreRestrictionService } from './store-restriction.service.ts';
import { createStoreSettingsService } from './store-settings.service.ts';
import { createStoreRepo } from './store.repo.ts';
import { storeRoutes } from './store.routes.ts';

export interface StoreModuleDeps extends Pick<ModuleBase, 'db' | 'secrets' | 'publicUrl'> {
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  mdm: Pick<MdmEngine, 'ddm' | 'commander' | 'profiles' | 'enrollments'>;
}

/**
 * createStoreModule wires the store's settings and restriction defaults, and two things every area uses:
 * `stores` (the store repo) and `sensitive` (the password + SMS confirmation of sensitive actions); and `mdmHost`,
 * the store's own enrolment host, whose look the static files answer for that host.
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
  // The store's own enrolment host: app.ts also hands mdmHost to the static files (/custom/<host>/config.json).
  const mdmHost = createStoreMdmHostService({
    stores,
    sites: createStoreSiteRepo(db),
    secretBox: createSecretBox(deps.secrets.apiSecret),
    publicUrl: deps.publicUrl,
    enrolment: { baseUrlFor: deps.mdm.profiles.baseUrlFor, enrolledInStore: deps.mdm.enrollments.enrolledInStore },
  });
  return {
    name: 'store',
    stores,
    sensitive,
    mdmHost,
    async register(app: FastifyInstance) {
      await app.register(storeMdmHostRoutes, { mdmHost });
      await app.register(storeRoutes, { settings: createStoreSettingsService({ stores, sensitive, onRenamed }) });
      await app.register(storeRestrictionRoutes, { restrictions: createStoreRestrictionService({ stores, clerkRepo }) });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type StoreModule = ReturnType<typeof createStoreModule>;
