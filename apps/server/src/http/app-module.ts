import type { FastifyInstance } from 'fastify';
import type { Job } from '../jobs/scheduler.ts';

/** AdapterInfo is one outside service as the dev page lists it: which implementation is in use and whether it is live. */
export interface AdapterInfo {
  name: string;
  label: string;
  impl: string;
  live: boolean;
}

/**
 * AppModule is what every `modules/<domain>/<domain>.module.ts` returns from its `create<Domain>Module(deps)`:
 * app.ts registers the modules in their listed order, starts their jobs in the real server and shows their
 * adapters on the dev page. Services other modules need are returned beside it (`{ ...module, service }`).
 */
export interface AppModule {
  name: string;
  register(app: FastifyInstance): Promise<void>;
  jobs?: Job[];
  adapters?: AdapterInfo[];
}

/**
 * ModuleBase is the small base every module may draw from (each names the parts it uses with `Pick`): the
 * database, the configuration, the secrets, the server's logger and the public URL phones reach.
 */
export interface ModuleBase {
  db: import('../db/client.ts').Db;
  config: import('../config.ts').Config;
  secrets: import('../secrets.ts').Secrets;
  log: import('fastify').FastifyBaseLogger;
  publicUrl: () => string;
}
