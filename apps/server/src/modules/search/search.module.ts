import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createSearchRepo } from './search.repo.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** createSearchModule wires the header search over both platforms' phones. */
export function createSearchModule(deps: Pick<ModuleBase, 'db'>) {
  const search = createSearchService({ repo: createSearchRepo(deps.db) });
  return {
    name: 'search',
    async register(app: FastifyInstance) {
      await app.register(searchRoutes, { search });
    },
  } satisfies AppModule;
}
