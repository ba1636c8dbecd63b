import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OperatorAuthenticator } from '../../http/authz.ts';
import type { Secrets } from '../../secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
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
}

/**
 * createOpsModule wires the operator console's API (/api/ops/*, issue 16). Its authenticator is handed to
 * registerAuthz before any route exists; `register` then adds every route file in OPS_ROUTE_FILES order.
 * A further /api/ops area adds its plugin with `ops.routes.push(...)` before `register` (or its own
 * `app.register` with `config.auth: 'operator'`), and reaches the shared services through `ops.services`.
 */
export function createOpsModule(deps: OpsModuleDeps) {
  const { db, config, secrets } = deps;
  const repo = createOpsAuthRepo(db);
  const audit = createOpsAudit(db);
  const settings = createPlatformSettings(db);
  const auth = createOpsAuthService({ config: config.auth, tokens: new OpsTokens(secrets.jwt, config.auth.accessTokenTtlSeconds), repo, totpBox: createTotpBox(secrets.apiSecret), audit });
  const stores = createOpsStoresService({ db, audit, storeAuth: deps.storeAuth, sms: deps.sms, smsReady: () => deps.smsSender.ready });
  const services = { auth, audit, settings, stores };

  type Plugin = (app: FastifyInstance) => Promise<void>;
  const plug = <O extends Record<string, unknown>>(plugin: FastifyPluginAsyncZod<O>, opts: O): Plugin => async (app) => {
    await app.register(plugin, opts);
  };
  const routes: Plugin[] = [
    plug(opsAuthRoutes, { auth }),
    plug(opsStoresRoutes, { stores }),
    plug(opsSettingsRoutes, { settings, audit }),
    plug(opsAuditRoutes, { audit }),
  ];

  return {
    services,
    routes,
    authenticate: ((token) => auth.authenticate(token)) satisfies OperatorAuthenticator,
    async register(app: FastifyInstance) {
      for (const route of routes) await route(app);
    },
  };
}
export type OpsModule = ReturnType<typeof createOpsModule>;
