import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { EnrollCodec } from '../enroll/enroll-code.ts';
import type { OperationLogQuery } from '../logs/operation-log.query.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { iosCommandRoutes } from './ios-command.routes.ts';
import { createIosCommandService } from './ios-command.service.ts';
import { createIosDeviceRepo } from './ios-device.repo.ts';
import { iosDeviceRoutes } from './ios-device.routes.ts';
import { type IosDeviceServiceDeps, createIosDeviceService } from './ios-device.service.ts';
import { createIosExportService } from './ios-export.service.ts';
import { createIosRegistrationService } from './ios-registration.service.ts';
import { scheduledLockJob } from './scheduled-lock.job.ts';

export interface IosDeviceModuleDeps extends Pick<ModuleBase, 'db' | 'publicUrl'> {
  mdm: MdmEngine;
  oplog: OperationLogRepo;
  operationLogs: OperationLogQuery;
  codec: EnrollCodec;
  shortLinks: IosDeviceServiceDeps['shortLinks'];
  sensitive: SensitiveActionGuard;
  /** The hirer's latest risk level on the detail page (the report module's, permission-checked). */
  hirerRisk?: IosDeviceServiceDeps['hirerRisk'];
}

/**
 * createIosDeviceModule wires the Apple device list, detail, registration, export and remote commands. The
 * ios-* feature modules use `devices` (load a store's device), `repo` and `commands`; the scheduled-lock job
 * fires lost mode at its time.
 */
export function createIosDeviceModule(deps: IosDeviceModuleDeps) {
  const { db, mdm, oplog, sensitive } = deps;
  const repo = createIosDeviceRepo(db);
  const devices = createIosDeviceService({
    db,
    repo,
    oplog,
    mdm,
    codec: deps.codec,
    shortLinks: deps.shortLinks,
    publicUrl: deps.publicUrl,
    hirerRisk: deps.hirerRisk,
  });
  const commands = createIosCommandService({ db, mdm, devices, repo, oplog, sensitive });
  return {
    name: 'ios-device',
    repo,
    devices,
    commands,
    jobs: [scheduledLockJob(db, mdm)],
    async register(app: FastifyInstance) {
      await app.register(iosDeviceRoutes, {
        devices,
        registration: createIosRegistrationService({ db, oplog, mdm, linkOf: devices.linkOf }),
        commands,
        exporter: createIosExportService({ repo, oplog }),
        operationLogs: deps.operationLogs,
      });
      await app.register(iosCommandRoutes, { commands });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type IosDeviceModule = ReturnType<typeof createIosDeviceModule>;
