import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openDeviceListQuery, openDeviceParams, openHirerRequest, openLockRequest, paymentRequest, text, uuid } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { OpenApiAuth } from './open-api.auth.ts';
import type { OpenApiCaller, OpenApiService } from './open-api.service.ts';

const BODY_LIMIT = 64 * 1024;

const signedHeaders = z.object({
  'x-api-key': text().describe('门店的 API Key'),
  'x-timestamp': text().describe('Unix 时间戳（秒），与服务器时间相差不超过 300 秒'),
  'x-nonce': text().describe('16-64 位随机串，窗口内每个请求唯一'),
  'x-signature': text().describe('hex(HMAC-SHA256(密钥, METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nSHA256_HEX(BODY)))'),
  'idempotency-key': text().max(100).optional().describe('可选：重试同一操作时带上相同的值，只执行一次'),
});

const callerOf = (req: FastifyRequest): OpenApiCaller => {
  if (!req.openApi) throw new AppError('UNAUTHORIZED', '开放接口需要 API Key 签名认证');
  return req.openApi;
};

/**
 * openApiRoutes is the store ERP's API under /open/v1 (DESIGN §1). Every route in this plugin is signed:
 * its hooks authenticate before the body is read and verify the HMAC after; guardOpenApiPrefix refuses
 * /open/ routes registered anywhere else.
 */
export const openApiRoutes: FastifyPluginAsyncZod<{ auth: OpenApiAuth; service: OpenApiService }> = async (app, { auth, service }) => {
  app.decorateRequest('openApiRawBody', null);
  app.decorateRequest('openApiPending', null);

  // The signature covers the body's exact bytes: keep them, and parse JSON ourselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const text = String(body);
    req.openApiRawBody = text;
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION_FAILED', '请求体不是有效的 JSON'), undefined);
    }
  });

  app.addHook('onRequest', (req) => auth.beforeBody(req));
  app.addHook('preValidation', (req) => auth.afterBody(req));

  const tags = ['open-api'];
  const config = { openApi: true } as const;
  const base = '/open/v1';

  app.get(`${base}/ping`, { config, schema: { tags, headers: signedHeaders, summary: '验证签名是否正确' } }, (req) => ({
    ok: true as const,
    server_time: Math.floor(Date.now() / 1000),
    store_id: callerOf(req).storeId,
  }));
  app.get(
    `${base}/devices`,
    { config, schema: { tags, headers: signedHeaders, querystring: openDeviceListQuery, summary: '设备列表（Apple 与 Android）' } },
    (req) => service.list(callerOf(req), req.query),
  );
  app.get(`${base}/devices/:platform/:id`, { config, schema: { tags, headers: signedHeaders, params: openDeviceParams, summary: '查询单台设备' } }, (req) =>
    service.get(callerOf(req), req.params.platform, req.params.id),
  );
  app.post(
    `${base}/devices/:platform/:id/lock`,
    { config, schema: { tags, headers: signedHeaders, params: openDeviceParams, body: openLockRequest, summary: '锁定设备（Apple：丢失模式）' } },
    (req) => service.lock(callerOf(req), req.params.platform, req.params.id, req.body, idempotencyKey(req)),
  );
  app.post(`${base}/devices/:platform/:id/unlock`, { config, schema: { tags, headers: signedHeaders, params: openDeviceParams, summary: '解锁设备' } }, (req) =>
    service.unlock(callerOf(req), req.params.platform, req.params.id, idempotencyKey(req)),
  );
  app.post(
    `${base}/devices/:platform/:id/hirer`,
    { config, schema: { tags, headers: signedHeaders, params: openDeviceParams, body: openHirerRequest, summary: '修改租机人信息' } },
    (req) => service.updateHirer(callerOf(req), req.params.platform, req.params.id, req.body),
  );
  app.get(
    `${base}/devices/:platform/:id/lease`,
    { config, schema: { tags, headers: signedHeaders, params: openDeviceParams, summary: '查询设备的分期计划（没有计划时 plan 为 null）' } },
    (req) => service.leasePlanOfDevice(callerOf(req), req.params.platform, req.params.id),
  );
  app.get(`${base}/lease/plans/:id`, { config, schema: { tags, headers: signedHeaders, params: z.object({ id: uuid }), summary: '查询分期计划' } }, (req) =>
    service.leasePlan(callerOf(req), req.params.id),
  );
  app.post(
    `${base}/lease/plans/:id/payments`,
    {
      config,
      schema: {
        tags,
        headers: signedHeaders,
        params: z.object({ id: uuid }),
        body: paymentRequest,
        summary: '登记还款（金额单位：分；带 Idempotency-Key 重试只记一次）；还清欠款的还款会立即解锁设备',
      },
    },
    (req) => service.leasePayment(callerOf(req), req.params.id, req.body, idempotencyKey(req)),
  );
};
