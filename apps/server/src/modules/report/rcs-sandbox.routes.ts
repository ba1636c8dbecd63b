import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_LABEL, maskName } from '@lease/shared';
import type { RcsService } from './rcs.service.ts';

const params = z.object({ orderId: z.string().regex(/^[\w-]{16,64}$/) });
const channelParams = params.extend({ channel: z.enum(['wechat', 'alipay']) });
const CHANNEL = { wechat: '微信', alipay: '支付宝' } as const;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}.tag{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:0 .4rem}button{font-size:1rem;padding:.6rem 1.4rem}</style></head>` +
  `<body><p><span class="tag">${SANDBOX_LABEL}</span></p><h1>${esc(title)}</h1>${body}</body></html>`;

/**
 * The offline sandbox's stand-in for the hirer's side of RCS: the link a store sends opens this page, and
 * authorising on it fills in the WeChat and Alipay report links as a vendor's callback would. Every page
 * says it is sandbox data; the order id in the path is random and unguessable, and the pages need no login,
 * so they show the hirer's name and id number masked, never in full.
 */
export const rcsSandboxRoutes: FastifyPluginAsyncZod<{ rcs: RcsService; publicUrl: () => string }> = async (app, { rcs, publicUrl }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const schema = { hide: true, params };
  const html = (reply: { type(t: string): unknown }, body: string) => {
    reply.type('text/html; charset=utf-8');
    return body;
  };

  app.get('/rcs/sandbox/:orderId', { schema }, async (req, reply) => {
    const order = await rcs.sandboxOrder(req.params.orderId);
    if (!order) return reply.code(404).type('text/html; charset=utf-8').send(page('链接无效', '<p>此授权链接不存在或已过期。</p>'));
    const done = order.wechatUrl && order.alipayUrl;
    return html(
      reply,
      page(
        '风控查询授权（沙箱演示）',
        `<p>${esc(maskName(order.name))}，门店申请查询您的微信与支付宝信用报告。</p>` +
          (done ? '<p>您已完成授权，可以关闭此页面。</p>' : `<form method="post"><button type="submit">同意授权</button></form>`) +
          '<p><small>这是离线沙箱演示页面，不会访问真实的微信或支付宝。</small></p>',
      ),
    );
  });

  app.post('/rcs/sandbox/:orderId', { schema }, async (req, reply) => {
    const order = await rcs.sandboxOrder(req.params.orderId);
    if (!order) return reply.code(404).type('text/html; charset=utf-8').send(page('链接无效', '<p>此授权链接不存在或已过期。</p>'));
    const base = `${publicUrl()}/rcs/sandbox/${order.orderId}`;
    for (const channel of ['wechat', 'alipay'] as const) await rcs.complete({ order_id: order.orderId, channel, url: `${base}/${channel}`, report_url: base });
    return html(reply, page('授权完成（沙箱演示）', '<p>已完成授权，门店将看到微信与支付宝报告链接。</p>'));
  });

  app.get('/rcs/sandbox/:orderId/:channel', { schema: { hide: true, params: channelParams } }, async (req, reply) => {
    const order = await rcs.sandboxOrder(req.params.orderId);
    if (!order || !(req.params.channel === 'wechat' ? order.wechatUrl : order.alipayUrl))
      return reply.code(404).type('text/html; charset=utf-8').send(page('报告不存在', '<p>报告不存在或尚未授权。</p>'));
    return html(
      reply,
      page(
        `${CHANNEL[req.params.channel]}信用报告（沙箱示例）`,
        `<p>姓名：${esc(maskName(order.name))}　身份证：${esc(order.idCardMasked)}</p><p>这是离线沙箱生成的示例报告，不含任何真实数据。接入真实服务商后，此处为服务商提供的报告页面。</p>`,
      ),
    );
  });
};
