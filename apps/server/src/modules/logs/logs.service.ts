import { type LoginLogItem, type LoginLogListQuery, type LoginStatus, loginStatusLabel } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { LoginLogRepo } from './login-log.repo.ts';

/** createLogsService answers the security pages; the route has already checked Dc1. */
export function createLogsService(deps: { loginLog: LoginLogRepo }) {
  return {
    /** loginLog: the caller's store's login attempts (unknown accounts belong to no store and never show). */
    async loginLog(auth: AuthContext, q: LoginLogListQuery): Promise<{ list: LoginLogItem[]; total: number }> {
      const { rows, total } = await deps.loginLog.listForStore(auth.storeId, q);
      return {
        total,
        list: rows.map(({ log, clerkName }) => ({
          id: log.id,
          clerk_id: log.clerkId,
          clerk_name: clerkName,
          account: log.account,
          ip: log.ip,
          status: log.status,
          status_label: loginStatusLabel[log.status as LoginStatus] ?? String(log.status),
          user_agent: log.userAgent,
          date_created: log.dateCreated.toISOString(),
        })),
      };
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
