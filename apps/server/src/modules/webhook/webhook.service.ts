import { type WebhookDeliveryItem, type WebhookDeliveryQuery, type WebhookDeliveryStatus, OperationStatus } from '@lease/shared';
import { UnsafeAddressError, assertPublicUrl } from '../../adapters/webhook/address-guard.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { ApiKeyRepo } from '../api-key/api-key.repo.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { WebhookRepo } from './webhook.repo.ts';

export interface WebhookServiceDeps {
  repo: WebhookRepo;
  /** The store's open-API settings row holds the callback URL beside the key. */
  apiKeys: Pick<ApiKeyRepo, 'save'>;
  oplog: OperationLogRepo;
  /** WEBHOOK_ALLOW_PRIVATE: callback URLs may point at loopback/private hosts (tests, closed networks). */
  allowPrivateCallbacks: boolean;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * createWebhookService runs the callback half of the store's open-API settings page (admin only; the route
 * checks that): the callback URL with the IP whitelist and offline hours saved beside it, the delivery history
 * and resending a failed delivery.
 */
export function createWebhookService({ repo, apiKeys, oplog, allowPrivateCallbacks }: WebhookServiceDeps) {
  const log = (auth: AuthContext, action: string, detail: Record<string, unknown> = {}) =>
    oplog.insertMany([{ storeId: auth.storeId, clerkId: auth.clerkId, platform: 'store', action, status: OperationStatus.DONE, detail }]);

  return {
    async update(auth: AuthContext, req: { callback_url: string; ip_white_list: string; offline_hours: number | null }) {
      if (req.callback_url && !allowPrivateCallbacks) {
        try {
          await assertPublicUrl(req.callback_url);
        } catch (err) {
          if (err instanceof UnsafeAddressError) throw new AppError('VALIDATION_FAILED', err.message, [{ field: 'callback_url', message: err.message }]);
          throw err;
        }
      }
      await apiKeys.save(auth.storeId, { callbackUrl: req.callback_url, ipWhiteList: req.ip_white_list, offlineHours: req.offline_hours });
      await log(auth, 'api-key-update', { callback_url: req.callback_url, ip_white_list: req.ip_white_list, offline_hours: req.offline_hours });
      return { ok: true as const };
    },

    async deliveries(auth: AuthContext, q: WebhookDeliveryQuery): Promise<{ list: WebhookDeliveryItem[]; total: number }> {
      const { rows, attempts, total } = await repo.list(auth.storeId, q);
      return {
        total,
        list: rows.map((r) => {
          const device = (r.payload.device ?? {}) as { serial_number?: string };
          return {
            id: r.id,
            type: r.type,
            platform: r.platform,
            device_id: r.deviceId,
            serial_number: device.serial_number ?? '',
            status: r.status as WebhookDeliveryStatus,
            attempts: r.attempts,
            last_status_code: r.lastStatusCode,
            last_error: r.lastError,
            next_attempt_at: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
            delivered_at: iso(r.deliveredAt),
            date_created: r.dateCreated.toISOString(),
            attempt_list: attempts
              .filter((a) => a.eventId === r.id)
              .map((a) => ({
                attempt_no: a.attemptNo,
                status_code: a.statusCode,
                error: a.error,
                duration_ms: a.durationMs,
                date_created: a.dateCreated.toISOString(),
              })),
          };
        }),
      };
    },

    async resend(auth: AuthContext, id: string) {
      const row = await repo.get(auth.storeId, id);
      if (!row) throw notFound('回调记录不存在');
      if (row.status !== 'failed') throw new AppError('CONFLICT', row.status === 'delivered' ? '该回调已送达，无需重新发送' : '该回调正在等待发送');
      if (!(await repo.requeue(auth.storeId, id, new Date()))) throw new AppError('CONFLICT', '该回调状态已变化，请刷新后重试');
      await log(auth, 'webhook-resend', { event_id: id, type: row.type });
      return { ok: true as const };
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
