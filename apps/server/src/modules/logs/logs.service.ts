import { type LoginLogItem, type LoginLogListQuery, type LoginStatus, type ReportViewLogItem, type ReportViewLogQuery, loginStatusLabel } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { LoginLogRepo } from './login-log.repo.ts';
import type { ReportViewLogRepo } from './report-view-log.repo.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

type LoginLogRow = Awaited<ReturnType<LoginLogRepo['listForStore']>>['rows'][number];
type ReportViewRow = Awaited<ReturnType<ReportViewLogRepo['listForStore']>>['rows'][number];

const toLoginLogItem = ({ log, clerkName }: LoginLogRow): LoginLogItem => ({
  id: log.id,
  clerk_id: log.clerkId,
  clerk_name: clerkName,
  account: log.account,
  ip: log.ip,
  status: log.status,
  status_label: loginStatusLabel[log.status as LoginStatus] ?? String(log.status),
  user_agent: log.userAgent,
  date_created: log.dateCreated.toISOString(),
});

/** toReportViewItem reads the report from the detail report.service `preview` logged with the view. */
const toReportViewItem = ({ log, clerkName }: ReportViewRow): ReportViewLogItem => ({
  id: log.id,
  clerk_id: log.clerkId,
  clerk_name: clerkName,
  report_id: text(log.detail.report_id),
  report_name: text(log.detail.name),
  level: text(log.detail.level),
  date_created: log.dateCreated.toISOString(),
});

/** createLogsService answers the security pages; the routes have already checked Dc1, or admin for report views. */
export function createLogsService(deps: { loginLog: LoginLogRepo; reportViews: ReportViewLogRepo }) {
  return {
    /** loginLog: the caller's store's login attempts (unknown accounts belong to no store and never show). */
    async loginLog(auth: AuthContext, q: LoginLogListQuery): Promise<{ list: LoginLogItem[]; total: number }> {
      const { rows, total } = await deps.loginLog.listForStore(auth.storeId, q);
      return { total, list: rows.map(toLoginLogItem) };
    },

    /** reportViews: who in the caller's store opened a report's full identity data, and when. */
    async reportViews(auth: AuthContext, q: ReportViewLogQuery): Promise<{ list: ReportViewLogItem[]; total: number }> {
      const { rows, total } = await deps.reportViews.listForStore(auth.storeId, q);
      return { total, list: rows.map(toReportViewItem) };
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
