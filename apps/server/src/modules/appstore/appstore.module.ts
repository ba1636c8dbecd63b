import type { FastifyInstance } from 'fastify';
import { itunesSearchFromConfig } from '../../adapters/itunes/itunes-search.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createAppstoreRepo } from './appstore.repo.ts';
import { appstoreRoutes } from './appstore.routes.ts';
import { createAppstoreService } from './appstore.service.ts';

/** createAppstoreModule wires the store's app library, searching the App Store when ITUNES_ORIGIN is set. */
export function createAppstoreModule(deps: Pick<ModuleBase, 'db' | 'config'>) {
  const itunes = itunesSearchFromConfig(deps.config.itunesOrigin);
  const appstore = createAppstoreService({ repo: createAppstoreRepo(deps.db), itunes });
  return {
    name: 'appstore',
    adapters: [{ name: 'itunes', label: 'App Store 应用搜索', impl: itunes.label, live: itunes.live }],
    async register(app: FastifyInstance) {
      await app.register(appstoreRoutes, { appstore });
    },
  } satisfies AppModule;
}
