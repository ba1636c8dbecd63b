import type { FastifyInstance } from 'fastify';
import { createHttpWebhookSender } from '../../adapters/webhook/http-webhook-sender.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createSecretBox } from '../../secret-box.ts';
import { createApiKeyRepo } from '../api-key/api-key.repo.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { createWebhookDelivery, webhookDeliveryJob, webhookRetentionJob } from './webhook-delivery.ts';
import { offlineWatchJob } from './webhook-offline.job.ts';
import { createWebhookRepo } from './webhook.repo.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { createWebhookService } from './webhook.service.ts';

export interface WebhookModuleDeps extends Pick<ModuleBase, 'db' | 'config' | 'secrets' | 'log'> {
  oplog: OperationLogRepo;
}

/**
 * createWebhookModule wires the store's webhooks: the callback settings and delivery history (console), the
 * outbox's delivery (signed like open-API calls, with the store's current secret), retention and the offline
 * watch that raises device-offline events. `delivery` is returned for tests, `pendingDeliveries` for the
 * API key preview.
 */
export function createWebhookModule(deps: WebhookModuleDeps) {
  const { db, config } = deps;
  const repo = createWebhookRepo(db);
  const apiKeys = createApiKeyRepo(db);
  const delivery = createWebhookDelivery({
    repo,
    apiKeys,
    secretBox: createSecretBox(deps.secrets.apiSecret),
    sender: createHttpWebhookSender({ allowPrivate: config.webhookAllowPrivate }),
    log: deps.log,
  });
  const webhooks = createWebhookService({ repo, apiKeys, oplog: deps.oplog, allowPrivateCallbacks: config.webhookAllowPrivate });
  return {
    name: 'webhook',
    delivery,
    pendingDeliveries: (storeId: string) => repo.countPending(storeId),
    jobs: [webhookDeliveryJob(delivery), webhookRetentionJob(repo), offlineWatchJob(db)],
    async register(app: FastifyInstance) {
      await app.register(webhookRoutes, { webhooks });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type WebhookModule = ReturnType<typeof createWebhookModule>;
