import { Module, Perm, type ReportOverview, hasPermission } from '@lease/shared';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { StoreRepo } from '../store/store.repo.ts';
import type { Ledger } from './ledger.ts';
import type { ReportRepo } from './report.repo.ts';
import type { RiskWatch } from './risk-watch.ts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** chinaMonthStart: the instant the China-time calendar month of `at` began. */
export function chinaMonthStart(at: Date) {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - CHINA_OFFSET_MS);
}

/**
 * createReportOverview: the home report panel (GET /api/home/report-overview). Every figure needs Ca1, the RCS
 * counts too (RCS queries are a Ca1 call, /api/store/rcs/*): a clerk without it gets zeros and `available: false`.
 */
export function createReportOverview(deps: { repo: ReportRepo; ledger: Ledger; stores: StoreRepo; watch: RiskWatch; sandbox: boolean; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async (auth: AuthContext): Promise<ReportOverview> => {
    const s = await deps.stores.find(auth.storeId);
    if (!s) throw notFound('门店不存在');
    const month = { basic: 0, advanced: 0, total: 0, failed: 0 };
    if (!hasPermission(auth.perms, Perm.REPORT_LIST)) {
      const none = { rcs_count: 0, used_rcs_count: 0, rcs_left: 0, balance_fen: 0, abnormal_count: 0 };
      return { available: false, month, ...none, sandbox: deps.sandbox, risk_watch: null };
    }
    const rcs = { rcs_count: s.rcsCount, used_rcs_count: s.usedRcsCount, rcs_left: Math.max(0, s.rcsCount - s.usedRcsCount) };
    const at = now();
    const { groups, abnormal } = await deps.repo.overview(auth.storeId, chinaMonthStart(at), new Date(at.getTime() - 30 * DAY_MS));
    for (const g of groups) {
      month.total += g.n;
      if (g.level === 'basic' || g.level === 'advanced') month[g.level] += g.n;
      if (g.status === 'failed') month.failed += g.n;
    }
    return {
      available: true,
      month,
      ...rcs,
      balance_fen: await deps.ledger.balance(auth.storeId),
      abnormal_count: abnormal,
      sandbox: deps.sandbox,
      risk_watch: auth.modules.includes(Module.EARLY_ACCESS) ? await deps.watch.overview(auth.storeId) : null,
    };
  };
}
