import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rcsCallbackBody } from '@lease/shared';
import { freshTimestamp, safeEqualHex, signCallback } from '@lease/device-sim';
import { AppError } from '../../http/app-error.ts';
import type { RcsService } from './rcs.service.ts';

const headers = z.object({
  'x-timestamp': z.string().optional().describe('Unix 秒'),
  'x-signature': z.string().optional().describe('hex HMAC-SHA256(回调密钥, X-Timestamp + "\\n" + 请求体)'),
});

/**
 * POST /api/system/rcs: the RCS provider's callback with a channel's report link. Public, but signed with
 * the operator's callback secret over the exact body (docs/report-provider.md); without a configured
 * vendor nobody can call it.
 */
export const rcsCallbackRoutes: FastifyPluginAsyncZod<{ rcs: RcsService; callbackSecret: string | null }> = async (app, { rcs, callbackSecret }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8') || 'null'));
    } catch {
      done(new AppError('VALIDATION_FAILED', '请求体不是有效的 JSON'), undefined);
    }
  });
  // The signature is checked before the body is looked at: an unsigned caller learns nothing about orders.
  app.addHook('preValidation', async (req) => {
    if (!callbackSecret) throw new AppError('PERMISSION_DENIED', '未配置报告服务商');
    const ts = String(req.headers['x-timestamp'] ?? '');
    const sig = String(req.headers['x-signature'] ?? '');
    if (!freshTimestamp(ts) || !req.rawBody || !safeEqualHex(signCallback(callbackSecret, ts, req.rawBody), sig))
      throw new AppError('PERMISSION_DENIED', '签名错误');
  });
  app.post(
    '/api/system/rcs',
    { config: { auth: 'public' }, schema: { tags: ['report'], headers, body: rcsCallbackBody, summary: '风控服务商回调（签名）' } },
    (req) => rcs.complete(req.body),
  );
};
