import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { splitIpList } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApiKeyRepo } from '../api-key/api-key.repo.ts';
import type { SecretBox } from '../../secret-box.ts';
import { NONCE_RE, SIGNATURE_WINDOW_SECONDS, verifySignature } from '../../domain/signature.ts';
import { store } from '../../domain/store.table.ts';

const REQUIRED = ['X-Api-Key', 'X-Timestamp', 'X-Nonce', 'X-Signature'] as const;

/** plainIp turns an IPv4-mapped IPv6 address (how a dual-stack socket reports IPv4 peers) back into IPv4. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** ipAllowed: an empty whitelist lets any address call (documented); otherwise the caller must be listed. */
export function ipAllowed(whiteList: string, ip: string): boolean {
  const entries = splitIpList(whiteList);
  if (!entries.length) return true;
  const caller = plainIp(ip);
  const family = isIP(caller);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const e = plainIp(entry);
    const f = isIP(e);
    if (f) list.addAddress(e, f === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(caller, family === 4 ? 'ipv4' : 'ipv6');
}

const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);

/**
 * createOpenApiAuth checks a signed request in two steps. Before the body is read: headers present, the clock
 * within ±300 s, the key known, the API enabled and the caller's IP allowed. After: the HMAC over the exact
 * body bytes (constant-time), then the nonce is spent, so a captured request cannot be replayed.
 */
export function createOpenApiAuth(deps: { db: Db; repo: ApiKeyRepo; secretBox: SecretBox; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    async beforeBody(request: FastifyRequest) {
      const header = (name: string) => {
        const v = request.headers[name.toLowerCase()];
        return typeof v === 'string' ? v.trim() : '';
      };
      const missing = REQUIRED.filter((name) => !header(name));
      if (missing.length) throw unauthorized(`缺少签名请求头：${missing.join('、')}`);
      const [apiKey, timestamp, nonce, signature] = REQUIRED.map(header);

      const ts = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
      if (!Number.isFinite(ts) || Math.abs(now() / 1000 - ts) > SIGNATURE_WINDOW_SECONDS) {
        throw unauthorized(`X-Timestamp 无效或已过期：应为当前 Unix 时间（秒），允许误差 ${SIGNATURE_WINDOW_SECONDS} 秒`);
      }
      if (!NONCE_RE.test(nonce)) throw unauthorized('X-Nonce 应为 16-64 位字母、数字、- 或 _');

      const setting = apiKey.length <= 100 ? await deps.repo.byApiKey(apiKey) : undefined;
      if (!setting?.secretCipher) throw unauthorized('API Key 无效');
      if (!setting.enabled) throw new AppError('PERMISSION_DENIED', '门店未开启开放接口');
      if (!ipAllowed(setting.ipWhiteList, request.ip)) throw new AppError('PERMISSION_DENIED', `请求 IP（${plainIp(request.ip)}）不在白名单内`);

      request.openApiPending = { storeId: setting.storeId, apiKey, secret: deps.secretBox.open(setting.secretCipher), timestamp, nonce, signature };
    },

    async afterBody(request: FastifyRequest) {
      const p = request.openApiPending;
      if (!p) throw unauthorized('开放接口需要 API Key 签名认证');
      const parts = { method: request.method, pathWithQuery: request.url, timestamp: p.timestamp, nonce: p.nonce, body: request.openApiRawBody ?? '' };
      if (!verifySignature(p.secret, parts, p.signature))
        throw unauthorized('签名错误：请检查密钥与签名串（METHOD、路径含查询串、时间戳、随机串、请求体 SHA-256）');
      if (!(await deps.repo.useNonce(p.storeId, p.nonce))) throw unauthorized('X-Nonce 已使用过：每个请求需要新的随机串');
      const [s] = await deps.db.select({ modules: store.modules, disabledAt: store.disabledAt }).from(store).where(eq(store.id, p.storeId));
      // A store the operator disabled gets the console's answer; its phones keep their queues.
      if (s?.disabledAt) throw new AppError('PERMISSION_DENIED', '门店已停用');
      request.openApi = { storeId: p.storeId, apiKey: p.apiKey, modules: s?.modules ?? [] };
    },
  };
}
export type OpenApiAuth = ReturnType<typeof createOpenApiAuth>;
