import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createSecretBox } from '../../secret-box.ts';
import { createApiKeyRepo } from '../api-key/api-key.repo.ts';
import { nonceCleanupJob } from './nonce-cleanup.job.ts';
import { createOpenApiAuth } from './open-api.auth.ts';
import { createOpenApiRepo } from './open-api.repo.ts';
import { openApiRoutes } from './open-api.routes.ts';
import { type OpenApiServiceDeps, createOpenApiService } from './open-api.service.ts';

export interface OpenApiModuleDeps extends Pick<ModuleBase, 'db' | 'secrets'> {
  iosCommands: OpenApiServiceDeps['iosCommands'];
  androidOperations: OpenApiServiceDeps['androidOperations'];
  lease: OpenApiServiceDeps['lease'];
}

/**
 * createOpenApiModule wires the store open API (/open/v1): request signatures checked against the store's key,
 * the device calls (through the same command services as the console) and the nonce cleanup job. The /open/
 * prefix guard itself is installed by app.ts before any route.
 */
export function createOpenApiModule(deps: OpenApiModuleDeps) {
  const { db } = deps;
  const apiKeys = createApiKeyRepo(db);
  const auth = createOpenApiAuth({ db, repo: apiKeys, secretBox: createSecretBox(deps.secrets.apiSecret) });
  const service = createOpenApiService({
    db,
    repo: createOpenApiRepo(db),
    iosCommands: deps.iosCommands,
    androidOperations: deps.androidOperations,
    lease: deps.lease,
  });
  return {
    name: 'open-api',
    jobs: [nonceCleanupJob(apiKeys)],
    async register(app: FastifyInstance) {
      await app.register(openApiRoutes, { auth, service });
    },
  } satisfies AppModule;
}
