import { randomBytes } from 'node:crypto';
import {
  type ApiKeyEnabledRequest,
  type ApiKeyGenerateRequest,
  type ApiKeyGenerated,
  type ApiKeyInfo,
  type ApiKeyPreview,
  OperationStatus,
} from '@lease/shared';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import type { ApiKeyRepo } from './api-key.repo.ts';
import type { SecretBox } from '../../secret-box.ts';

export interface ApiKeyServiceDeps {
  repo: ApiKeyRepo;
  secretBox: SecretBox;
  sensitive: SensitiveActionGuard;
  oplog: OperationLogRepo;
  /** How many webhook deliveries still wait to be sent (the webhook module's count): the preview warns of them. */
  pendingDeliveries: (storeId: string) => Promise<number>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const maskSecret = (secret: string) => `${secret.slice(0, 3)}${'*'.repeat(12)}${secret.slice(-4)}`;

/**
 * createApiKeyService runs the key half of the store's open-API settings page (admin only; the route checks
 * that): the key pair and enabling. The secret leaves the server once, in the answer to generate. The callback
 * settings and the delivery history are the webhook module's.
 */
export function createApiKeyService({ repo, secretBox, sensitive, oplog, pendingDeliveries }: ApiKeyServiceDeps) {
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
      const pending = await pendingDeliveries(auth.storeId);
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
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
