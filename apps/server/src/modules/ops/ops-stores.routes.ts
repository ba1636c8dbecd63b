import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsBalanceRequest, opsStoreCreateRequest, opsStoreIdParams, opsStoreListQuery, opsStoreUpdateRequest } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';
import { requireOperator } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { OpsStoresService } from './ops-stores.service.ts';

const tags = ['ops'];
const op = { auth: 'operator' as const };
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });
const KEY_RE = /^[A-Za-z0-9_\-:.]{8,100}$/;

/** Stores as the operator sees them: list, page, slots/modules/RCS/discount, balance, disable/enable, create. */
export const opsStoresRoutes: FastifyPluginAsyncZod<{ stores: OpsStoresService }> = async (app, { stores }) => {
  const actor = (req: Parameters<typeof requireOperator>[0]) => ({ operator: requireOperator(req), ip: req.ip });

  app.get('/api/ops/stores', { config: op, schema: { tags, querystring: opsStoreListQuery } }, (req) => stores.list(req.query));
  app.post('/api/ops/stores', { config: op, schema: { tags, body: opsStoreCreateRequest } }, (req) => stores.create(req.body, actor(req)));
  app.get('/api/ops/stores/:id', { config: op, schema: { tags, params: opsStoreIdParams } }, (req) => stores.detail(req.params.id));
  app.put('/api/ops/stores/:id', { config: op, schema: { tags, params: opsStoreIdParams, body: opsStoreUpdateRequest } }, (req) =>
    stores.update(req.params.id, req.body, actor(req)),
  );
  app.post(
    '/api/ops/stores/:id/balance',
    { config: op, schema: { tags, params: opsStoreIdParams, body: opsBalanceRequest, headers: idempotencyHeaders } },
    (req) => {
      const key = idempotencyKey(req);
      if (!key || !KEY_RE.test(key.key)) throw new AppError('VALIDATION_FAILED', '余额变动需要 Idempotency-Key 请求头（8-100 位字母、数字、-、_、:、.）');
      return stores.adjustBalance(req.params.id, req.body, key, actor(req));
    },
  );
  app.post('/api/ops/stores/:id/disable', { config: op, schema: { tags, params: opsStoreIdParams } }, (req) =>
    stores.setDisabled(req.params.id, true, actor(req)),
  );
  app.post('/api/ops/stores/:id/enable', { config: op, schema: { tags, params: opsStoreIdParams } }, (req) =>
    stores.setDisabled(req.params.id, false, actor(req)),
  );
};
