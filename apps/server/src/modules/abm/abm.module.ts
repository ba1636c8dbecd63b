import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { Secrets } from '../../secrets.ts';
import { store } from '../../domain/store.table.ts';
import { abmSecretBox, createAbmGateway } from './abm-gateway.ts';
import { abmSyncJob, createAbmSync } from './abm-sync.ts';
import { createAbmRepo } from './abm.repo.ts';
import { abmRoutes } from './abm.routes.ts';
import { createAbmService } from './abm.service.ts';
import { depEnrollRoutes } from './dep-enroll.routes.ts';
import { createDepEnrollService } from './dep-enroll.service.ts';

export interface AbmModuleDeps {
  db: Db;
  secrets: Secrets;
  config: Config;
  mdm: MdmEngine;
  log: FastifyBaseLogger;
  /** Tests may route Apple's calls elsewhere; the default is the global fetch. */
  fetch?: typeof fetch;
}

/**
 * createAbmModule wires Apple Business Manager: the gateway other areas use (`gateway.clientFor(storeId)`), the
 * admin's routes, the DEP enrolment endpoint and the sync job. app.ts builds it once and registers it.
 */
export function createAbmModule(deps: AbmModuleDeps) {
  const { db } = deps;
  const repo = createAbmRepo(db);
  const box = abmSecretBox(deps.secrets.apiSecret);
  const origin = deps.config.dep.origin;
  const gateway = createAbmGateway({ repo, box, origin, fetch: deps.fetch });
  const storeName = async (storeId: string) => (await db.select({ name: store.storeName }).from(store).where(eq(store.id, storeId)))[0]?.name ?? '门店';
  const sync = createAbmSync({ repo, gateway, enrolmentBaseUrl: deps.mdm.profiles.baseUrlFor, storeName, log: deps.log });
  const service = createAbmService({ repo, box, sync, depOrigin: origin, fetch: deps.fetch });
  const enroll = createDepEnrollService({ db, repo, mdm: deps.mdm });
  return {
    name: 'abm',
    repo,
    gateway,
    sync,
    service,
    jobs: [abmSyncJob(sync)],
    /** What the dev page shows about the DEP adapter. */
    adapters: [{ name: 'dep', label: 'Apple 商务管理（DEP）', impl: `Device Assignment API（${origin}，各门店上传服务器令牌后启用）`, live: true }],
    async register(app: FastifyInstance) {
      await app.register(abmRoutes, { abm: service });
      await app.register(depEnrollRoutes, { enroll });
    },
  };
}
export type AbmModule = ReturnType<typeof createAbmModule>;
