import { createServer } from 'node:http';
import { freshTimestamp, safeEqualHex, signCallback, signRequest } from './signing.ts';
import { SYNTHETIC_FAILURE_PREFIX, SYNTHETIC_FAILURE_REASON, syntheticBlacklist, syntheticReport } from './synthetic-credit.ts';
import { listenLocal } from '../listen-local.ts';

export interface CreditStandInOptions {
  /** Vendor accounts and their secrets (the operator's, and `store:<id>` for stores with their own key). */
  accounts: Record<string, string>;
  /** Secret the stand-in signs its RCS callbacks with. */
  callbackSecret: string;
  port?: number;
}

interface RcsOrderState {
  orderId: string;
  callbackUrl: string;
  name: string;
}

export interface CreditStandIn {
  origin: string;
  /** Every request that reached it, in order, with the answer status. */
  calls: { path: string; account: string; status: number; body: Record<string, unknown> }[];
  /** Answer the next N requests with HTTP 503 (to try retries), or hang them past any timeout. */
  faults: { unavailable: number; hang: number };
  orders: Map<string, RcsOrderState>;
  /** What the hirer's authorisation does at a real vendor: post the WeChat and Alipay links to the callback, signed. */
  authorise(orderId: string): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * startCreditStandIn is a local stand-in for a credit-data vendor speaking docs/report-provider.md: it checks
 * every request's signature and timestamp, answers with the same synthetic data as the sandbox, and calls
 * back RCS orders when told the hirer authorised.
 */
export async function startCreditStandIn(options: CreditStandInOptions): Promise<CreditStandIn> {
  const calls: CreditStandIn['calls'] = [];
  const faults = { unavailable: 0, hang: 0 };
  const orders = new Map<string, RcsOrderState>();
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const header = (name: string) => String(req.headers[name] ?? '');
      const account = header('x-account');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text || '{}');
      } catch {
        /* answered below as 400 */
      }
      const answer = (status: number, payload: unknown) => {
        calls.push({ path, account, status, body });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      };
      // The hirer's side, unsigned like a real vendor's web pages: the authorisation page and the reports.
      const page = /^\/(authorise|reports)\/([\w-]+)(?:\/(wechat|alipay))?$/.exec(path);
      if (page) return hirerPage(req.method ?? 'GET', page[1], page[2], page[3], res);
      if (faults.hang > 0) {
        faults.hang--;
        calls.push({ path, account, status: 0, body });
        return; // never answers: the client's timeout must fire
      }
      if (faults.unavailable > 0) {
        faults.unavailable--;
        return answer(503, { ok: false, reason: 'unavailable' });
      }
      const secret = options.accounts[account];
      const expected = secret && signRequest(secret, req.method ?? 'POST', path, header('x-timestamp'), header('x-nonce'), text);
      if (!secret || !freshTimestamp(header('x-timestamp')) || !safeEqualHex(expected, header('x-signature')))
        return answer(401, { ok: false, reason: 'bad signature' });
      const phone = String(body.phone_number ?? body.value ?? '');
      if (phone.startsWith(SYNTHETIC_FAILURE_PREFIX)) return answer(200, { ok: false, reason: SYNTHETIC_FAILURE_REASON });
      if (path === '/v1/report') {
        const level = body.level === 'advanced' ? 'advanced' : 'basic';
        return answer(200, { ok: true, sections: syntheticReport({ level, name: String(body.name), idCard: String(body.id_card), phone }) });
      }
      if (path === '/v1/blacklist') return answer(200, { ok: true, ...syntheticBlacklist(String(body.value)) });
      if (path === '/v1/rcs/order') {
        const orderId = String(body.order_id);
        orders.set(orderId, { orderId, callbackUrl: String(body.callback_url), name: String(body.name) });
        return answer(200, { ok: true, auth_url: `${origin}/authorise/${orderId}` });
      }
      return answer(404, { ok: false, reason: 'not found' });
    });
  });
  function hirerPage(method: string, kind: string, orderId: string, channel: string | undefined, res: import('node:http').ServerResponse) {
    const html = (status: number, body: string) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><meta charset="utf-8"><title>模拟风控服务商</title><p>本地模拟服务商（测试用）</p>${body}`);
    const order = orders.get(orderId);
    if (!order) return html(404, '<p>订单不存在</p>');
    if (kind === 'reports') return html(200, `<h1>${channel === 'alipay' ? '支付宝' : channel === 'wechat' ? '微信' : '综合'}报告（模拟）</h1>`);
    if (method === 'POST') {
      void stand.authorise(orderId).then(
        () => html(200, '<p>授权完成</p>'),
        () => html(502, '<p>回调失败</p>'),
      );
      return;
    }
    return html(200, '<form method="post"><button type="submit">同意授权</button></form>');
  }

  const listening = await listenLocal(server, { port: options.port });
  origin = listening.origin;

  const stand: CreditStandIn = {
    origin,
    calls,
    faults,
    orders,
    async authorise(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no RCS order ${orderId}`);
      const statuses: number[] = [];
      for (const channel of ['wechat', 'alipay'] as const) {
        const text = JSON.stringify({ order_id: orderId, channel, url: `${origin}/reports/${orderId}/${channel}`, report_url: `${origin}/reports/${orderId}` });
        const timestamp = String(Math.floor(Date.now() / 1000));
        const res = await fetch(order.callbackUrl, {
          method: 'POST',
          body: text,
          headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signCallback(options.callbackSecret, timestamp, text) },
        });
        statuses.push(res.status);
      }
      return statuses;
    },
    close: listening.close,
  };
  return stand;
}
