import { randomBytes } from 'node:crypto';
import {
  type ApiKeyEnabledRequest,
  type ApiKeyGenerateRequest,
  type ApiKeyGenerated,
  type ApiKeyInfo,
  type ApiKeyPreview,
  OperationStatus,
  type WebhookDeliveryItem,
  type WebhookDeliveryQuery,
  type WebhookDeliveryStatus,
} from '@lease/shared';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { UnsafeAddressError, assertPublicUrl } from '../../adapters/webhook/address-guard.ts';
import type { WebhookRepo } from '../webhook/webhook.repo.ts';
import type { ApiKeyRepo } from './api-key.repo.ts';
import type { SecretBox } from '../../secret-box.ts';

export interface ApiKeyServiceDeps {
  repo: ApiKeyRepo;
  webhooks: WebhookRepo;
  secretBox: SecretBox;
  sensitive: SensitiveActionGuard;
  oplog: OperationLogRepo;
  /** WEBHOOK_ALLOW_PRIVATE: callback URLs may point at loopback/private hosts (tests, closed networks). */
  allowPrivateCallbacks: boolean;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const maskSecret = (secret: string) => `${secret.slice(0, 3)}${'*'.repeat(12)}${secret.slice(-4)}`;

/**
 * createApiKeyService runs the store's open-API settings page (admin only; the route checks that): the key
 * pair, enabling, the callback and whitelist, and the webhook delivery history. The secret leaves the server
 * once, in the answer to generate.
 */
export function createApiKeyService({ repo, webhooks, secretBox, sensitive, oplog, allowPrivateCallbacks }: ApiKeyServiceDeps) {
  const log = (auth: AuthContext, action: string, detail: Record<string, unknown> = {}) =>
    oplog.insertMany([{ storeId: auth.storeId, clerkId: auth.clerkId, platform: 'store', action, status: OperationStatus.DONE, detail }]);

  return {
    async info(auth: AuthContext, yourIp: string): Promise<ApiKeyInfo> {
      const row = await repo.get(auth.storeId);
      return {
        enabled: row?.enabled ?? false,
        api_key: row?.apiKey ?? null,
        api_secret_key_masked: row?.secretCipher ? maskSecret(secretBox.open(row.secretCipher)) : null,
        secret_generated_at: iso(row?.secretGeneratedAt),
        callback_url: row?.callbackUrl ?? '',
        ip_white_list: row?.ipWhiteList ?? '',
        offline_hours: row?.offlineHours ?? null,
        your_ip: yourIp,
        date_created: iso(row?.dateCreated),
        date_updated: iso(row?.dateUpdated),
      };
    },

    async setEnabled(auth: AuthContext, req: ApiKeyEnabledRequest) {
      await sensitive.confirm(auth, req);
      const row = await repo.get(auth.storeId);
      if (req.enabled && !row?.apiKey) throw new AppError('CONFLICT', '请先生成密钥，再开启开放接口');
      await repo.save(auth.storeId, { enabled: req.enabled });
      await log(auth, req.enabled ? 'api-key-enable' : 'api-key-disable');
      return { enabled: req.enabled };
    },

    async preview(auth: AuthContext): Promise<ApiKeyPreview> {
      const row = await repo.get(auth.storeId);
      const pending = await webhooks.countPending(auth.storeId);
      const effects: string[] = [];
      if (row?.apiKey) {
        effects.push(`现有 API Key（${row.apiKey}）及其密钥将立即失效，使用旧密钥签名的请求会被拒绝`);
        effects.push('贵方系统需改用新的 API Key 和密钥后才能继续调用开放接口');
        if (row.callbackUrl) effects.push('之后的回调通知将改用新密钥签名，接收方需同步更新验签密钥');
        if (pending) effects.push(`尚有 ${pending} 条待发送的回调通知，将使用新密钥签名发送`);
      } else {
        effects.push('将生成第一对 API Key 和密钥');
      }
      effects.push('新密钥只显示一次，关闭窗口后无法再次查看，请立即妥善保存');
      if (!row?.enabled) effects.push('生成后开放接口仍处于关闭状态，需要再手动开启');
      return { has_key: Boolean(row?.apiKey), api_key: row?.apiKey ?? null, enabled: row?.enabled ?? false, effects, pending_deliveries: pending };
    },

    async generate(auth: AuthContext, req: ApiKeyGenerateRequest): Promise<ApiKeyGenerated> {
      await sensitive.confirm(auth, req);
      const apiKey = `ak_${randomBytes(12).toString('hex')}`;
      const secret = `sk_${randomBytes(32).toString('base64url')}`;
      const now = new Date();
      const previous = await repo.get(auth.storeId);
      await repo.save(auth.storeId, { apiKey, secretCipher: secretBox.seal(secret), secretGeneratedAt: now });
      await log(auth, 'api-key-generate', { api_key: apiKey, replaced: previous?.apiKey ?? null });
      return { api_key: apiKey, api_secret_key: secret, secret_generated_at: now.toISOString() };
    },

    async update(auth: AuthContext, req: { callback_url: string; ip_white_list: string; offline_hours: number | null }) {
      if (req.callback_url && !allowPrivateCallbacks) {
        try {
          await assertPublicUrl(req.callback_url);
        } catch (err) {
          if (err instanceof UnsafeAddressError) throw new AppError('VALIDATION_FAILED', err.message, [{ field: 'callback_url', message: err.message }]);
          throw err;
        }
      }
      await repo.save(auth.storeId, { callbackUrl: req.callback_url, ipWhiteList: req.ip_white_list, offlineHours: req.offline_hours });
      await log(auth, 'api-key-update', { callback_url: req.callback_url, ip_white_list: req.ip_white_list, offline_hours: req.offline_hours });
      return { ok: true as const };
    },

    async deliveries(auth: AuthContext, q: WebhookDeliveryQuery): Promise<{ list: WebhookDeliveryItem[]; total: number }> {
      const { rows, attempts, total } = await webhooks.list(auth.storeId, q);
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
              .map((a) => ({ attempt_no: a.attemptNo, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs, date_created: a.dateCreated.toISOString() })),
          };
        }),
      };
    },

    async resend(auth: AuthContext, id: string) {
      const row = await webhooks.get(auth.storeId, id);
      if (!row) throw notFound('回调记录不存在');
      if (row.status !== 'failed') throw new AppError('CONFLICT', row.status === 'delivered' ? '该回调已送达，无需重新发送' : '该回调正在等待发送');
      if (!(await webhooks.requeue(auth.storeId, id, new Date()))) throw new AppError('CONFLICT', '该回调状态已变化，请刷新后重试');
      await log(auth, 'webhook-resend', { event_id: id, type: row.type });
      return { ok: true as const };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
