import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AdapterInfo, AppModule, ModuleBase } from '../../http/app-module.ts';
import { devRoutes } from './dev.routes.ts';

export interface DevModuleDeps extends Pick<ModuleBase, 'config'> {
  database: Database;
  /** The offline SMS outbox, when it is the sender in use. */
  outbox?: Parameters<typeof devRoutes>[1]['outbox'];
  /** Every module's adapters, read on each call: the APNs pusher can be swapped live. */
  adapters: () => AdapterInfo[];
}

/** createDevModule wires the dev page's calls (adapters in use, SMS outbox); they exist only with DEV_TOOLS=1. */
export function createDevModule(deps: DevModuleDeps) {
  return {
    name: 'dev',
    async register(app: FastifyInstance) {
      if (!deps.config.devTools) return;
      await app.register(devRoutes, { database: deps.database, outbox: deps.outbox, adapters: deps.adapters });
    },
  } satisfies AppModule;
}
