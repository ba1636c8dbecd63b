import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { UnsafeAddressError, guardedLookup, isPrivateAddress } from './address-guard.ts';

export interface WebhookResponse {
  /** The receiver's HTTP status, or null when no answer came (refused, timeout, unsafe address). */
  statusCode: number | null;
  error: string;
  durationMs: number;
}

/** WebhookSender POSTs one signed event to a store's callback URL. */
export interface WebhookSender {
  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookResponse>;
}

const MAX_ANSWER_BYTES = 4096;

/**
 * createHttpWebhookSender is the real sender: plain node http(s), a hard 10 s limit for the whole exchange,
 * no redirects, and (unless private targets are allowed) every resolved address checked at connect time.
 */
export function createHttpWebhookSender(options: { timeoutMs?: number; allowPrivate: boolean }): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    post(url, body, headers) {
      const started = performance.now();
      const done = (statusCode: number | null, error: string): WebhookResponse => ({ statusCode, error, durationMs: Math.round(performance.now() - started) });
      return new Promise((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          return resolve(done(null, '回调地址无效'));
        }
        const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
        if (!client) return resolve(done(null, '回调地址只支持 http 和 https'));
        const host = target.hostname.replace(/^\[|\]$/g, '');
        if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) return resolve(done(null, '回调地址不能指向本机、内网或保留地址'));

        let settled = false;
        const finish = (r: WebhookResponse) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(r);
        };
        const req = client.request(
          target,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'lease-mdm-webhook/1',
              ...headers,
            },
            lookup: options.allowPrivate ? undefined : (guardedLookup as never),
          },
          (res) => {
            let seen = 0;
            res.on('data', (chunk: Buffer) => {
              seen += chunk.length;
              if (seen > MAX_ANSWER_BYTES) res.destroy();
            });
            const status = res.statusCode ?? null;
            const ok = status !== null && status >= 200 && status < 300;
            res.on('end', () => finish(done(status, ok ? '' : `接收方返回 HTTP ${status}`)));
            res.on('close', () => finish(done(status, ok ? '' : `接收方返回 HTTP ${status}`)));
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          finish(done(null, `请求超时（${timeoutMs / 1000} 秒）`));
        }, timeoutMs);
        req.on('error', (err: NodeJS.ErrnoException) => {
          const reason = err instanceof UnsafeAddressError || err.code === 'EUNSAFEADDR' ? err.message : `连接失败：${err.code ?? err.message}`;
          finish(done(null, reason));
        });
        req.end(body);
      });
    },
  };
}
