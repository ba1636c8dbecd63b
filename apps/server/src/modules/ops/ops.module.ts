import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OperatorAuthenticator } from '../../http/authz.ts';
import type { Secrets } from '../../secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PushCertService } from '../../mdm/apple/push-cert/push-cert.service.ts';
import type { IdentityRenewal } from '../../mdm/apple/identity-renewal.ts';
import { createFleetHealthRepo } from './health/fleet-health.repo.ts';
import { opsHealthRoutes } from './health/fleet-health.routes.ts';
import { createFleetHealthService } from './health/fleet-health.service.ts';
import { opsPushCertRoutes } from './push-cert/push-cert.routes.ts';
import { createOpsAudit } from './ops-audit.ts';
import { opsAuditRoutes } from './ops-audit.routes.ts';
import { createOpsAuthRepo } from './ops-auth.repo.ts';
import { opsAuthRoutes } from './ops-auth.routes.ts';
import { createOpsAuthService } from './ops-auth.service.ts';
import { opsSettingsRoutes } from './ops-settings.routes.ts';
import { createOpsStoresService } from './ops-stores.service.ts';
import { opsStoresRoutes } from './ops-stores.routes.ts';
import { OpsTokens } from './ops-tokens.ts';
import { createPlatformSettings } from './platform-settings.ts';
import { createTotpBox } from './totp.ts';

export interface OpsModuleDeps {
  db: Db;
  config: Config;
  secrets: Secrets;
  /** The store console's sessions: disabling a store ends them. */
  storeAuth: AuthService;
  sms: SmsCodeService;
  smsSender: SmsSender;
  /** The push certificate page and fleet health read the Apple engine's state. */
  pushCert: PushCertService;
  renewal: Pick<IdentityRenewal, 'unanswered'>;
  databaseKind: 'pglite' | 'postgres';
}

/**
 * createOpsModule wires the operator console's API (/api/ops/*). Its authenticator is handed to
 * registerAuthz before any route exists; `register` then adds every route file in OPS_ROUTE_FILES order.
 * A further /api/ops area adds its plugin with `ops.routes.push(...)` before `register` (or its own
 * `app.register` with `config.auth: 'operator'`), and reaches the shared services through `ops.services`.
 */
export function createOpsModule(deps: OpsModuleDeps) {
  const { db, config, secrets } = deps;
  const repo = createOpsAuthRepo(db);
  const audit = createOpsAudit(db);
  const settings = createPlatformSettings(db);
  const auth = createOpsAuthService({
    config: config.auth,
    tokens: new OpsTokens(secrets.jwt, config.auth.accessTokenTtlSeconds),
    repo,
    totpBox: createTotpBox(secrets.apiSecret),
    audit,
  });
  const stores = createOpsStoresService({ db, audit, storeAuth: deps.storeAuth, sms: deps.sms, smsReady: () => deps.smsSender.ready });
  const services = { auth, audit, settings, stores };
  const health = createFleetHealthService({
    repo: createFleetHealthRepo(db),
    pushCert: deps.pushCert,
    unansweredRenewals: async () => (await deps.renewal.unanswered()).length,
    renewalWindowDays: config.mdm.renewalWindowDays,
    databaseKind: deps.databaseKind,
  });

  type Plugin = (app: FastifyInstance) => Promise<void>;
  const plug =
    <O extends Record<string, unknown>>(plugin: FastifyPluginAsyncZod<O>, opts: O): Plugin =>
    async (app) => {
      await app.register(plugin, opts);
    };
  const routes: Plugin[] = [
    plug(opsAuthRoutes, { auth }),
    plug(opsStoresRoutes, { stores }),
    plug(opsSettingsRoutes, { settings, audit }),
    plug(opsAuditRoutes, { audit }),
    plug(opsPushCertRoutes, { pushCert: deps.pushCert, audit }),
    plug(opsHealthRoutes, { health }),
  ];

  return {
    name: 'ops',
    services,
    routes,
    authenticate: ((token) => auth.authenticate(token)) satisfies OperatorAuthenticator,
    async register(app: FastifyInstance) {
      for (const route of routes) await route(app);
    },
  };
}
export type OpsModule = ReturnType<typeof createOpsModule>;
