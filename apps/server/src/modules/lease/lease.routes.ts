import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Perm,
  contactNoteRequest,
  correctionRequest,
  leaseBatchRequest,
  leasePlanCreateRequest,
  leasePlanListQuery,
  leasePlanUpdateRequest,
  leasePlatform,
  leasePolicyRequest,
  paymentImportRequest,
  paymentRequest,
  promiseRequest,
  uuid,
} from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { plansCsv } from './lease-export.ts';
import type { LeaseService } from './lease.service.ts';
import type { PaymentImport } from './payment-import.ts';

const idParams = z.object({ id: uuid });
const deviceParams = z.object({ platform: leasePlatform, device_id: uuid });

/**
 * leaseRoutes: lease plans, payments and collections (docs/lease-plans.md). Viewing needs Fa1, plan edits Fa2,
 * payments Fa3, collections work Fa4; the store's policy is the admin's, like the other store settings.
 */
export const leaseRoutes: FastifyPluginAsyncZod<{ lease: LeaseService; importPayments: PaymentImport }> = async (app, { lease, importPayments }) => {
  const tags = ['lease'];
  const view = { auth: { perms: [Perm.LEASE_PLAN_VIEW] } };
  const edit = { auth: { perms: [Perm.LEASE_PLAN_EDIT] } };
  const pay = { auth: { perms: [Perm.LEASE_PAYMENT_RECORD] } };
  const collect = { auth: { perms: [Perm.LEASE_COLLECTIONS] } };
  const base = '/api/lease';

  app.get(`${base}/plans`, { config: view, schema: { tags, querystring: leasePlanListQuery } }, (req) => lease.list(requireAuth(req), req.query));
  app.get(
    `${base}/plans/export`,
    { config: collect, schema: { tags, querystring: leasePlanListQuery.omit({ page_num: true, page_size: true }) } },
    async (req, reply) => {
      const auth = requireAuth(req);
      const list = [];
      for (let page = 0; page < 100; page++) {
        const { list: rows } = await lease.list(auth, { ...req.query, page_num: page, page_size: 50 });
        list.push(...rows);
        if (rows.length < 50) break;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lease-plans.csv"; filename*=UTF-8''${encodeURIComponent('催收列表.csv')}`)
        .send(plansCsv(list));
    },
  );
  app.post(`${base}/plans/preview`, { config: edit, schema: { tags, body: leasePlanCreateRequest } }, (req) => lease.preview(requireAuth(req), req.body));
  app.post(`${base}/plans`, { config: edit, schema: { tags, body: leasePlanCreateRequest } }, (req) => lease.create(requireAuth(req), req.body));
  app.get(`${base}/plans/:id`, { config: view, schema: { tags, params: idParams } }, (req) => lease.detail(requireAuth(req), req.params.id));
  app.put(`${base}/plans/:id`, { config: edit, schema: { tags, params: idParams, body: leasePlanUpdateRequest } }, (req) =>
    lease.update(requireAuth(req), req.params.id, req.body),
  );
  app.post(`${base}/plans/:id/cancel`, { config: edit, schema: { tags, params: idParams } }, (req) => lease.cancel(requireAuth(req), req.params.id));
  app.post(`${base}/plans/:id/payments`, { config: pay, schema: { tags, params: idParams, body: paymentRequest } }, (req) =>
    lease.pay(requireAuth(req), req.params.id, req.body, idempotencyKey(req)),
  );
  app.post(`${base}/plans/:id/corrections`, { config: pay, schema: { tags, params: idParams, body: correctionRequest } }, (req) =>
    lease.correct(requireAuth(req), req.params.id, req.body),
  );
  app.post(`${base}/plans/:id/promise`, { config: collect, schema: { tags, params: idParams, body: promiseRequest } }, (req) =>
    lease.promise(requireAuth(req), req.params.id, req.body),
  );
  app.post(`${base}/plans/:id/contacts`, { config: collect, schema: { tags, params: idParams, body: contactNoteRequest } }, (req) =>
    lease.contact(requireAuth(req), req.params.id, req.body),
  );
  app.post(`${base}/plans/:id/remind`, { config: collect, schema: { tags, params: idParams } }, (req) => lease.act(requireAuth(req), req.params.id, 'remind'));
  app.post(`${base}/plans/:id/lock`, { config: collect, schema: { tags, params: idParams } }, (req) => lease.act(requireAuth(req), req.params.id, 'lock'));
  app.post(`${base}/batch`, { config: collect, schema: { tags, body: leaseBatchRequest } }, (req) => lease.batch(requireAuth(req), req.body));
  app.get(`${base}/device/:platform/:device_id`, { config: view, schema: { tags, params: deviceParams } }, (req) =>
    lease.forDevice(requireAuth(req), req.params.platform, req.params.device_id),
  );
  app.post(`${base}/payments/import`, { config: pay, schema: { tags, body: paymentImportRequest } }, (req) =>
    importPayments(requireAuth(req), req.body.csv, req.body.dry_run),
  );
  app.get(`${base}/policy`, { config: { auth: 'authenticated' }, schema: { tags } }, (req) => lease.policy(requireAuth(req)));
  app.put(`${base}/policy`, { config: { auth: 'admin' }, schema: { tags, body: leasePolicyRequest } }, (req) => lease.setPolicy(requireAuth(req), req.body));
  app.get(`${base}/summary`, { config: view, schema: { tags } }, (req) => lease.summary(requireAuth(req)));
};
