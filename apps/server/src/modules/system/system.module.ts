import type { FastifyInstance } from 'fastify';
import type { ServerVersion } from '@lease/shared';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { IdentityRenewal } from '../../mdm/apple/identity-renewal.ts';
import type { MdmKeys } from '../../mdm/apple/mdm-keys.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { createRegisterStoreService } from '../store/register-store.service.ts';
import { createExpiryWatch } from './expiry-watch.ts';
import { expiryRoutes } from './expiry.routes.ts';
import { systemRoutes } from './system.routes.ts';
import { createSystemService } from './system.service.ts';

export interface SystemModuleDeps extends Pick<ModuleBase, 'db' | 'config' | 'log'> {
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  auth: AuthService;
  version: ServerVersion;
  /** The operator's switch for public self-registration (ops platform settings). */
  registrationOpen: () => Promise<boolean>;
  /** What the expiry watch reads from the Apple engine: its CA, the push certificate's end and unanswered renewals. */
  mdmKeys: MdmKeys;
  pushCertEnd: () => Date | undefined;
  renewal: IdentityRenewal;
}

/**
 * createSystemModule wires the system calls (SMS sends, store self-registration, version) and the expiry watch
 * behind `/api/system/expiry-warnings`, whose daily job writes the same warnings to the log. The caller runs
 * `expiryWatch.job()` once at start so the first line does not wait a day.
 */
export function createSystemModule(deps: SystemModuleDeps) {
  const { db, config, clerkRepo, sms, auth } = deps;
  const expiryWatch = createExpiryWatch({
    db,
    keys: deps.mdmKeys,
    apnsCertFile: config.apns.certFile,
    pushCertEnd: deps.pushCertEnd,
    renewal: deps.renewal,
    log: deps.log,
  });
  const system = createSystemService({ db, clerkRepo, sms });
  const registerStore = createRegisterStoreService({ db, clerkRepo, sms, auth, registrationOpen: deps.registrationOpen });
  return {
    name: 'system',
    expiryWatch,
    jobs: [expiryWatch.job()],
    async register(app: FastifyInstance) {
      await app.register(systemRoutes, { system, registerStore, registrationOpen: deps.registrationOpen, config, version: deps.version });
      await app.register(expiryRoutes, { watch: expiryWatch });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type SystemModule = ReturnType<typeof createSystemModule>;
