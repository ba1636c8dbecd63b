import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createHomeRepo } from './home.repo.ts';
import { homeRoutes } from './home.routes.ts';
import { type HomeService, createHomeService } from './home.service.ts';

export interface HomeModuleDeps extends Pick<ModuleBase, 'db'> {
  /** The report module's figures for the home page. */
  reportOverview: Parameters<typeof createHomeService>[0]['reportOverview'];
}

/** createHomeModule wires the console's home page figures (devices, and the report module's overview). */
export function createHomeModule(deps: HomeModuleDeps) {
  const home: HomeService = createHomeService({ repo: createHomeRepo(deps.db), reportOverview: deps.reportOverview });
  return {
    name: 'home',
    async register(app: FastifyInstance) {
      await app.register(homeRoutes, { home });
    },
  } satisfies AppModule;
}
