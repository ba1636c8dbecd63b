import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createLoginLogRepo } from './login-log.repo.ts';
import { logsRoutes } from './logs.routes.ts';
import { createLogsService } from './logs.service.ts';
import { createOperationLogQuery } from './operation-log.query.ts';
import { createOperationLogRepo } from './operation-log.repo.ts';
import { createReportViewLogRepo } from './report-view-log.repo.ts';

/**
 * createLogsModule wires the login and operation logs: `oplog` (every area writes its operation rows with it),
 * `loginLog` (the store console's sign-ins), `operationLogs` (the device pages' log query) and the logs routes.
 */
export function createLogsModule(deps: Pick<ModuleBase, 'db'>) {
  const loginLog = createLoginLogRepo(deps.db);
  const logs = createLogsService({ loginLog, reportViews: createReportViewLogRepo(deps.db) });
  return {
    name: 'logs',
    oplog: createOperationLogRepo(deps.db),
    loginLog,
    operationLogs: createOperationLogQuery(deps.db),
    async register(app: FastifyInstance) {
      await app.register(logsRoutes, { logs });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type LogsModule = ReturnType<typeof createLogsModule>;
