import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createSecretBox } from '../../secret-box.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { createApiKeyRepo } from './api-key.repo.ts';
import { apiKeyRoutes } from './api-key.routes.ts';
import { createApiKeyService } from './api-key.service.ts';

export interface ApiKeyModuleDeps extends Pick<ModuleBase, 'db' | 'secrets'> {
  sensitive: SensitiveActionGuard;
  oplog: OperationLogRepo;
  /** The webhook module's count of deliveries still waiting: generating a key re-signs them. */
  pendingDeliveries: (storeId: string) => Promise<number>;
}

/** createApiKeyModule wires the store's open-API key pair (generate, enable, preview); the key is the open API's and webhooks' secret. */
export function createApiKeyModule(deps: ApiKeyModuleDeps) {
  const apiKeys = createApiKeyService({
    repo: createApiKeyRepo(deps.db),
    secretBox: createSecretBox(deps.secrets.apiSecret),
    sensitive: deps.sensitive,
    oplog: deps.oplog,
    pendingDeliveries: deps.pendingDeliveries,
  });
  return {
    name: 'api-key',
    async register(app: FastifyInstance) {
      await app.register(apiKeyRoutes, { apiKeys });
    },
  } satisfies AppModule;
}
