import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Perm, hasPermission } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../secrets.ts';
import type { CreditProvider } from '../../adapters/credit/credit-provider.ts';
import { createHttpProvider } from '../../adapters/credit/http-provider.ts';
import { createSandboxProvider } from '../../adapters/credit/sandbox-provider.ts';
import { createSecretBox } from '../../secret-box.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { StoreRepo } from '../store/store.repo.ts';
import { createHxReportService } from './hx-report.service.ts';
import { createLedger } from './ledger.ts';
import { createPersonalData } from './personal-data.ts';
import { rcsCallbackRoutes } from './rcs-callback.routes.ts';
import { rcsSandboxRoutes } from './rcs-sandbox.routes.ts';
import { createRcsService } from './rcs.service.ts';
import { createReportOverview } from './report-overview.ts';
import { reportRetentionJob, stuckReportJob } from './report-retention.job.ts';
import { createReportRepo } from './report.repo.ts';
import { rcsRoutes, reportRoutes } from './report.routes.ts';
import { createReportService } from './report.service.ts';
import type { HirerKey } from './hirer-devices.ts';
import { createRiskWatch, riskWatchJob } from './risk-watch.ts';

export interface ReportModuleDeps {
  db: Db;
  secrets: Secrets;
  config: Config;
  stores: StoreRepo;
  oplog: OperationLogRepo;
  publicUrl: () => string;
  log: FastifyBaseLogger;
  /** Tests pass a provider of their own (a failing one, the vendor stand-in); otherwise config decides. */
  provider?: CreditProvider;
}

/**
 * createReportModule wires the report area (报告中心): the credit provider (a configured vendor over signed
 * HTTP, else the offline sandbox), the ledger, reports, RCS, the store's vendor key, early access and the
 * retention job. Other areas use `hirerRisk` (device pages), `overview` (home) and `ledger.credit` (top-ups).
 */
export function createReportModule(deps: ReportModuleDeps) {
  const { db, config } = deps;
  const provider =
    deps.provider ?? (config.report.provider ? createHttpProvider(config.report.provider) : createSandboxProvider({ publicUrl: deps.publicUrl }));
  const pd = createPersonalData(deps.secrets.apiSecret);
  const ledger = createLedger(db);
  const repo = createReportRepo(db, pd);
  const hx = createHxReportService({ db, secretBox: createSecretBox(deps.secrets.apiSecret), oplog: deps.oplog, providerKind: provider.kind });
  const storeSecret = (storeId: string) => hx.secretOf(storeId);
  const reports = createReportService({
    db,
    repo,
    ledger,
    pd,
    stores: deps.stores,
    oplog: deps.oplog,
    provider,
    storeSecret,
    retentionDays: config.report.retentionDays,
    log: deps.log,
  });
  const rcs = createRcsService({ db, pd, oplog: deps.oplog, provider, publicUrl: deps.publicUrl, storeSecret });
  const watch = createRiskWatch({ db, ledger, pd, provider, storeSecret, intervalHours: config.report.watchIntervalHours });
  return {
    name: 'report',
    provider,
    ledger,
    reports,
    rcs,
    watch,
    /** hirerRisk for the device detail pages: only a caller who may see reports (Ca1) learns of one. */
    hirerRisk: (auth: AuthContext, hirer: HirerKey) =>
      hasPermission(auth.perms, Perm.REPORT_LIST) ? reports.hirerRisk(auth.storeId, hirer) : Promise.resolve(null),
    overview: createReportOverview({ repo, ledger, stores: deps.stores, watch, sandbox: provider.kind === 'sandbox' }),
    jobs: [reportRetentionJob(repo, config.report.retentionDays), stuckReportJob(reports.recoverStuck), riskWatchJob(watch)],
    adapters: [{ name: 'credit', label: '报告与风控数据', impl: provider.label, live: provider.kind === 'http' }],
    async register(app: FastifyInstance) {
      await app.register(reportRoutes, { reports, watch });
      await app.register(rcsRoutes, { rcs, hx });
      await app.register(rcsCallbackRoutes, { rcs, callbackSecret: provider.kind === 'http' ? config.report.callbackSecret : null });
      if (provider.kind === 'sandbox') await app.register(rcsSandboxRoutes, { rcs, publicUrl: deps.publicUrl });
    },
  };
}
export type ReportModule = ReturnType<typeof createReportModule>;
