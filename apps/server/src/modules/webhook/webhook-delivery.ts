import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSender } from '../../adapters/webhook/http-webhook-sender.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { ApiKeyRepo } from '../api-key/api-key.repo.ts';
import type { SecretBox } from '../../secret-box.ts';
import { signParts } from '../../domain/signature.ts';
import type { WebhookEventRow, WebhookRepo } from './webhook.repo.ts';

/** Waits after the 1st…5th failed attempt; the 6th failure gives up and marks the event failed. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LEASE_MS = 60_000;
const BATCH = 20;

/** retryDelay adds ±20 % jitter so a receiver that comes back is not hit by every store's backlog at once. */
export const retryDelay = (roundAttempt: number, random = Math.random) => {
  const base = RETRY_DELAYS_MS[Math.min(roundAttempt, RETRY_DELAYS_MS.length) - 1];
  return Math.round(base * (0.8 + 0.4 * random()));
};

export interface WebhookDeliveryDeps {
  repo: WebhookRepo;
  apiKeys: ApiKeyRepo;
  secretBox: SecretBox;
  sender: WebhookSender;
  log?: FastifyBaseLogger;
}

/**
 * createWebhookDelivery sends the outbox: each due event is POSTed to the store's current callback URL,
 * signed with the store's current secret (the same recipe as open-API requests, over the JSON body).
 */
export function createWebhookDelivery({ repo, apiKeys, secretBox, sender, log }: WebhookDeliveryDeps) {
  async function deliver(event: WebhookEventRow, now: Date) {
    const setting = await apiKeys.get(event.storeId);
    const url = setting?.callbackUrl ?? '';
    if (!setting?.enabled || !url || !setting.secretCipher || !setting.apiKey) {
      const outcome = { statusCode: null, error: '门店已关闭开放接口或未设置回调地址，事件未发送', durationMs: 0, url };
      return repo.finish(event, outcome, { status: 'failed', nextAttemptAt: now, now });
    }
    const body = JSON.stringify(event.payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const target = new URL(url);
    const signature = signParts(secretBox.open(setting.secretCipher), {
      method: 'POST',
      pathWithQuery: `${target.pathname}${target.search}`,
      timestamp,
      nonce,
      body,
    });
    const answer = await sender.post(url, body, {
      'x-api-key': setting.apiKey,
      'x-event-id': event.id,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    });
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const outcome = { ...answer, url };
    if (ok) return repo.finish(event, outcome, { status: 'delivered', nextAttemptAt: now, now });
    if (event.roundAttempts >= MAX_ATTEMPTS) return repo.finish(event, outcome, { status: 'failed', nextAttemptAt: now, now });
    return repo.finish(event, outcome, { status: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelay(event.roundAttempts)), now });
  }

  return {
    /** deliverDue sends every event due at `now`, a batch at a time, and returns how many it attempted. */
    async deliverDue(now = new Date()): Promise<number> {
      let attempted = 0;
      for (let round = 0; round < 10; round++) {
        const batch = await repo.claimDue(now, BATCH, LEASE_MS);
        if (!batch.length) break;
        await Promise.all(
          batch.map((event) =>
            deliver(event, now).catch((err: unknown) => log?.error({ err, event: event.id }, 'webhook delivery failed; the lease will bring it back')),
          ),
        );
        attempted += batch.length;
        if (batch.length < BATCH) break;
      }
      return attempted;
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

export const webhookDeliveryJob = (delivery: WebhookDelivery): Job => ({ name: 'webhook-delivery', everyMs: 5_000, run: () => delivery.deliverDue() });

/** Delivered and failed events are kept this long for the admin's history, then dropped. */
export const WEBHOOK_RETENTION_DAYS = 90;

export const webhookRetentionJob = (repo: WebhookRepo): Job => ({
  name: 'webhook-retention',
  everyMs: 3_600_000,
  run: () => repo.prune(new Date(Date.now() - WEBHOOK_RETENTION_DAYS * 86_400_000)),
});
