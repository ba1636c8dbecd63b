import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Module,
  Perm,
  abnormalListQuery,
  blacklistCheckRequest,
  hxReportSecretKeyRequest,
  paging,
  rcsListQuery,
  rcsRequest,
  reportAddRequest,
  reportIdQuery,
  reportListQuery,
  reportRefreshRequest,
} from '@lease/shared';
import { denied } from '../../http/app-error.ts';
import { requireAuth } from '../../http/authz.ts';
import { fingerprintOf } from '../../http/idempotency-key.ts';
import type { HxReportService } from './hx-report.service.ts';
import type { RcsService } from './rcs.service.ts';
import type { ReportService } from './report.service.ts';
import type { RiskWatch } from './risk-watch.ts';

const ca1 = { perms: [Perm.REPORT_LIST] };

/** Console report calls (spec §7 Report): Ca1 on every one, and a report module (basic or advanced) for the store. */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService; watch: RiskWatch }> = async (app, { reports, watch }) => {
  const tags = ['report'];
  const config = { auth: ca1 };
  const base = '/api/report';
  app.addHook('onRequest', async (req) => {
    const auth = requireAuth(req);
    if (!auth.modules.includes(Module.REPORT_BASIC) && !auth.modules.includes(Module.REPORT_ADVANCED)) throw denied('门店未开通报告功能');
  });

  app.get(`${base}/balance`, { config, schema: { tags, summary: '报告余额' } }, (req) => reports.balance(requireAuth(req)));
  app.get(`${base}/helper`, { config, schema: { tags, summary: '报告价格表（已按门店折扣计算）' } }, (req) => reports.helper(requireAuth(req)));
  app.get(`${base}/list`, { config, schema: { tags, querystring: reportListQuery, summary: '报告列表（身份证号与手机号脱敏）' } }, (req) =>
    reports.list(requireAuth(req), req.query),
  );
  app.get(
    `${base}/preview`,
    { config, schema: { tags, querystring: reportIdQuery, summary: '查看报告（完整身份信息，写入操作日志）' } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reports.preview(requireAuth(req), req.query.id);
    },
  );
  app.get(`${base}/abnormal-list`, { config, schema: { tags, querystring: abnormalListQuery, summary: '异常报告（查询失败并已退款）' } }, (req) =>
    reports.abnormalList(requireAuth(req), req.query),
  );
  // The body's idempotency_key travels with the request's fingerprint: the same key on another request is a 409.
  app.post(`${base}/add`, { config, schema: { tags, body: reportAddRequest, summary: '新增报告（扣费；失败自动退款）' } }, (req) =>
    reports.add(requireAuth(req), req.body, fingerprintOf(req)),
  );
  app.post(`${base}/refresh`, { config, schema: { tags, body: reportRefreshRequest, summary: '刷新报告（重新查询并扣费；需要 idempotency_key）' } }, (req) =>
    reports.refresh(requireAuth(req), req.body, fingerprintOf(req)),
  );
  app.post(
    `${base}/blacklist-check`,
    { config, schema: { tags, body: blacklistCheckRequest, summary: '黑名单查询（type 0 身份证号，type 1 手机号）' } },
    (req) => reports.blacklistCheck(requireAuth(req), req.body),
  );
  app.get(
    `${base}/risk-alerts`,
    { config: { ...config, module: Module.EARLY_ACCESS }, schema: { tags, querystring: paging, summary: '抢先体验：在租租机人黑名单复查提醒' } },
    (req) => watch.alerts(requireAuth(req), req.query),
  );
};

/** RCS (store/rcs, Ca1) and the store's own report-vendor key (store/hx-report, admin). */
export const rcsRoutes: FastifyPluginAsyncZod<{ rcs: RcsService; hx: HxReportService }> = async (app, { rcs, hx }) => {
  const tags = ['report'];
  app.get('/api/store/rcs/list', { config: { auth: ca1 }, schema: { tags, querystring: rcsListQuery, summary: '风控查询记录' } }, (req) =>
    rcs.list(requireAuth(req), req.query),
  );
  app.post('/api/store/rcs/request', { config: { auth: ca1 }, schema: { tags, body: rcsRequest, summary: '发起风控查询（消耗一次风控次数）' } }, (req) =>
    rcs.request(requireAuth(req), req.body),
  );
  const admin = { auth: 'admin' } as const;
  app.get('/api/store/hx-report/config-status', { config: admin, schema: { tags, summary: '报告服务密钥是否已设置' } }, (req) => hx.status(requireAuth(req)));
  app.post(
    '/api/store/hx-report/set-secret-key',
    { config: admin, schema: { tags, body: hxReportSecretKeyRequest, summary: '设置报告服务密钥（加密保存，不再返回）' } },
    (req) => hx.setSecretKey(requireAuth(req), req.body.secret_key),
  );
};
