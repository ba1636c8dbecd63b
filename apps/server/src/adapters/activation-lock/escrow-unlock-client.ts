import http from 'node:http';
import https from 'node:https';
import type { EscrowUnlockRequest } from '@lease/shared';

export type { EscrowUnlockRequest };

/** The path of Apple's escrow-key unlock service under its origin (https://deviceservices-external.apple.com). */
export const ESCROW_UNLOCK_PATH = '/deviceservicesworkers/escrowKeyUnlock';
/** Spec §9 gives Apple's ABM calls 30 s; this Apple service gets the same. */
export const ESCROW_UNLOCK_TIMEOUT_MS = 30_000;
export const ESCROW_NOT_CONFIGURED =
  '未配置 Apple 激活锁服务：服务器尚未配置 MDM 推送证书（ACTIVATION_LOCK_CERT_FILE 或 APNS_CERT_FILE），无法向 Apple 申请关闭激活锁';

/** EscrowUnlockOutcome: `mismatch` means Apple does not hold this code for the phone, so the other code may work. */
export type EscrowUnlockOutcome = { ok: true } | { ok: false; reason: string; mismatch: boolean; status?: number };

/** EscrowUnlockClient turns off a phone's Activation Lock through Apple; `live` is false for the offline default. */
export interface EscrowUnlockClient {
  readonly label: string;
  readonly live: boolean;
  unlock(request: EscrowUnlockRequest): Promise<EscrowUnlockOutcome>;
}

/** offlineEscrowUnlock is used when no push certificate is configured: it calls nobody and says so. */
export const offlineEscrowUnlock: EscrowUnlockClient = {
  label: '未配置（需要 MDM 推送证书）',
  live: false,
  unlock: async () => ({ ok: false, reason: ESCROW_NOT_CONFIGURED, mismatch: false }),
};

/** Apple answers 200 on success and 404 "escrow key mismatch" for a wrong code (openradar 34735204); the rest as HTTP goes. */
function refusal(status: number): EscrowUnlockOutcome {
  if (status === 404)
    return { ok: false, status, mismatch: true, reason: 'Apple 拒绝：绕过码与 Apple 的记录不符（escrow key mismatch），或设备已不在激活锁状态' };
  if (status === 400) return { ok: false, status, mismatch: false, reason: 'Apple 拒绝：请求参数有误（序列号、型号或 IMEI 与 Apple 记录不符）' };
  if (status === 401 || status === 403) {
    return { ok: false, status, mismatch: false, reason: 'Apple 拒绝了服务器的 MDM 推送证书：请确认证书有效，且与门店 ABM 中的 MDM 服务器属于同一组织' };
  }
  return { ok: false, status, mismatch: false, reason: `Apple 激活锁服务暂不可用（HTTP ${status}），请稍后重试` };
}

export interface EscrowUnlockClientOptions {
  /** https://deviceservices-external.apple.com, or a stand-in's origin. */
  origin: string;
  /** The MDM push certificate and key (PEM) as TLS client identity; `ca` trusts a stand-in's own certificate. */
  tls?: { certPem: string; keyPem: string; ca?: string };
  timeoutMs?: number;
}

/**
 * createEscrowUnlockClient posts to Apple's escrow-key unlock service over mutual TLS: Apple knows the MDM server
 * by its push certificate, as nanomdm's escrowkeyunlock does. Node's https module, since fetch cannot present
 * a client certificate without an extra dependency.
 */
export function createEscrowUnlockClient(options: EscrowUnlockClientOptions): EscrowUnlockClient {
  const timeoutMs = options.timeoutMs ?? ESCROW_UNLOCK_TIMEOUT_MS;
  return {
    label: `Apple 激活锁服务（${new URL(options.origin).host}）`,
    live: true,
    async unlock(request) {
      const query = new URLSearchParams({ serial: request.serial, productType: request.productType });
      for (const key of ['imei', 'imei2', 'meid'] as const) if (request[key]) query.set(key, request[key]);
      const body = new URLSearchParams({ orgName: request.orgName, guid: request.guid, escrowKey: request.escrowKey }).toString();
      const url = new URL(`${ESCROW_UNLOCK_PATH}?${query}`, options.origin);
      try {
        const status = await post(url, body, options.tls, timeoutMs);
        return status >= 200 && status < 300 ? { ok: true } : refusal(status);
      } catch (err) {
        const timedOut = err instanceof Error && err.message === 'timeout';
        return {
          ok: false,
          mismatch: false,
          reason: timedOut
            ? 'Apple 激活锁服务响应超时，请稍后重试'
            : `无法连接 Apple 激活锁服务（${err instanceof Error ? err.message : String(err)}），请稍后重试`,
        };
      }
    },
  };
}

/** post sends the form and resolves with the HTTP status; the body carries nothing we act on. */
function post(url: URL, body: string, tls: EscrowUnlockClientOptions['tls'], timeoutMs: number): Promise<number> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    };
    const req =
      url.protocol === 'https:'
        ? https.request(url, { method: 'POST', headers, cert: tls?.certPem, key: tls?.keyPem, ca: tls?.ca, timeout: timeoutMs }, onResponse)
        : http.request(url, { method: 'POST', headers, timeout: timeoutMs }, onResponse);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
