import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type ReportSections, riskLevelOf } from '@lease/shared';
import { signRequest } from '@lease/device-sim';
import { type CreditProvider, ProviderFailure } from './credit-provider.ts';

export interface HttpProviderConfig {
  origin: string;
  /** The operator's vendor account and secret; a store with its own hx-report secret signs as `store:<id>`. */
  account: string;
  secret: string;
  timeoutMs: number;
  /** Extra attempts after a network error, timeout or 5xx (the order id makes them safe to repeat). */
  retries: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const failure = z.object({ ok: z.literal(false), reason: z.string().min(1).max(200) });
const sectionsShape = z.looseObject({
  identity: z.looseObject({ name_id_match: z.boolean(), phone_name_match: z.boolean() }),
  court: z.looseObject({ enforcement: z.array(z.any()), dishonest: z.array(z.any()) }),
  phone_tenure: z.looseObject({ months: z.number() }),
  risk: z.looseObject({ score: z.number().min(0).max(100), factors: z.array(z.string()).default([]) }),
});
const answers = {
  report: z.union([z.object({ ok: z.literal(true), sections: sectionsShape }), failure]),
  blacklist: z.union([
    z.object({ ok: z.literal(true), hit: z.boolean(), records: z.array(z.object({ source: z.string(), reason: z.string(), date: z.string() })) }),
    failure,
  ]),
  rcs: z.union([z.object({ ok: z.literal(true), auth_url: z.url({ protocol: /^https?$/ }) }), failure]),
};

const UNREACHABLE = '报告服务商暂时无法访问，请稍后重试';

/**
 * createHttpProvider is the signed-HTTP client an operator points at a real data vendor (see
 * docs/report-provider.md): JSON over HTTPS, every request signed with HMAC-SHA256, a timeout per attempt,
 * and retries with backoff on network errors, timeouts and 5xx only. A vendor's own "cannot answer"
 * (ok: false) or a 4xx is a ProviderFailure at once.
 */
export function createHttpProvider(cfg: HttpProviderConfig): CreditProvider {
  const doFetch = cfg.fetch ?? fetch;
  const sleep = cfg.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  async function call<T>(path: string, body: Record<string, unknown>, storeId: string, storeSecret: string | null, shape: z.ZodType<T>): Promise<T> {
    const text = JSON.stringify(body);
    const [account, secret] = storeSecret ? [`store:${storeId}`, storeSecret] : [cfg.account, cfg.secret];
    for (let attempt = 0; ; attempt++) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(12).toString('hex');
      let res: Response;
      try {
        res = await doFetch(new URL(path, cfg.origin), {
          method: 'POST',
          body: text,
          signal: AbortSignal.timeout(cfg.timeoutMs),
          headers: {
            'content-type': 'application/json',
            'x-account': account,
            'x-timestamp': timestamp,
            'x-nonce': nonce,
            'x-signature': signRequest(secret, 'POST', path, timestamp, nonce, text),
          },
        });
      } catch {
        if (attempt < cfg.retries) {
          await sleep(200 * 4 ** attempt);
          continue;
        }
        throw new ProviderFailure(UNREACHABLE);
      }
      if (res.status >= 500 && attempt < cfg.retries) {
        await res.body?.cancel();
        await sleep(200 * 4 ** attempt);
        continue;
      }
      if (res.status >= 500) throw new ProviderFailure(UNREACHABLE);
      if (res.status !== 200) throw new ProviderFailure(`报告服务商拒绝了请求（HTTP ${res.status}）`);
      const parsed = shape.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new ProviderFailure('报告服务商的应答格式有误');
      return parsed.data;
    }
  }

  const unwrap = <T extends { ok: boolean }>(answer: T | { ok: false; reason: string }): Extract<T, { ok: true }> => {
    if (!answer.ok) throw new ProviderFailure((answer as { reason: string }).reason);
    return answer as Extract<T, { ok: true }>;
  };

  return {
    kind: 'http',
    label: `报告服务商 ${new URL(cfg.origin).host}`,
    async report(q) {
      const a = unwrap(
        await call(
          '/v1/report',
          { order_id: q.orderId, level: q.level, name: q.name, id_card: q.idCard, phone_number: q.phone },
          q.storeId,
          q.storeSecret,
          answers.report,
        ),
      );
      const sections = a.sections as unknown as ReportSections;
      return {
        ...sections,
        multi_lender: sections.multi_lender ?? null,
        overdue: sections.overdue ?? null,
        risk: { ...sections.risk, level: riskLevelOf(sections.risk.score) },
      };
    },
    async blacklist(q) {
      const a = unwrap(await call('/v1/blacklist', { order_id: q.orderId, type: q.type, value: q.value }, q.storeId, q.storeSecret, answers.blacklist));
      return { hit: a.hit, records: a.records };
    },
    async rcsStart(o) {
      const a = unwrap(
        await call(
          '/v1/rcs/order',
          { order_id: o.orderId, name: o.name, id_card: o.idCard, callback_url: o.callbackUrl },
          o.storeId,
          o.storeSecret,
          answers.rcs,
        ),
      );
      return { authUrl: a.auth_url };
    },
  };
}
