import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { AndroidEngineInternal } from '../../mdm/android/android-engine.ts';
import type { OperationLogQuery } from '../logs/operation-log.query.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { createAndroidDeviceRepo } from './android-device.repo.ts';
import { androidDeviceRoutes } from './android-device.routes.ts';
import { type AndroidDeviceServiceDeps, createAndroidDeviceService } from './android-device.service.ts';
import { androidEnrolmentRoutes } from './android-enrolment.routes.ts';
import { createAndroidEnrolmentService } from './android-enrolment.service.ts';
import { androidOperationRoutes } from './android-operation.routes.ts';
import { createAndroidOperationService } from './android-operation.service.ts';
import { createAndroidSimulatorService, type SimulatedAndroidPhones } from './android-simulator.service.ts';

export interface AndroidDeviceModuleDeps extends Pick<ModuleBase, 'db' | 'config'> {
  android: Pick<AndroidEngineInternal, 'commander' | 'passcodes' | 'enrollTokens'>;
  oplog: OperationLogRepo;
  operationLogs: OperationLogQuery;
  sensitive: SensitiveActionGuard;
  hirerRisk?: AndroidDeviceServiceDeps['hirerRisk'];
  /** The wallpaper module's JPEG bytes for set-wallpaper. */
  wallpaperContent: (storeId: string, id: string) => Promise<Buffer | null>;
  /** The simulated agents this process runs (the demo's): their screens show on the 模拟设备 tab, with dev tools on only. */
  simulatedPhones?: SimulatedAndroidPhones;
}

/**
 * createAndroidDeviceModule wires the console's Android devices: list and detail, remote operations (through the
 * Android engine's commander) and enrolment (QR token, agent APK link). `operations` is the open API's too.
 */
export function createAndroidDeviceModule(deps: AndroidDeviceModuleDeps) {
  const { db, android } = deps;
  const repo = createAndroidDeviceRepo(db);
  const devices = createAndroidDeviceService({ db, repo, oplog: deps.oplog, hirerRisk: deps.hirerRisk });
  const operations = createAndroidOperationService({ db, android, devices, repo, sensitive: deps.sensitive, wallpapers: deps.wallpaperContent });
  const enrolment = createAndroidEnrolmentService({ enrollTokens: android.enrollTokens, dataDir: deps.config.dataDir });
  const simulator = deps.config.devTools && deps.simulatedPhones ? createAndroidSimulatorService({ devices, phones: deps.simulatedPhones }) : undefined;
  return {
    name: 'android-device',
    devices,
    operations,
    async register(app: FastifyInstance) {
      await app.register(androidDeviceRoutes, { devices, operationLogs: deps.operationLogs, simulator });
      await app.register(androidOperationRoutes, { operations });
      await app.register(androidEnrolmentRoutes, { enrolment });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type AndroidDeviceModule = ReturnType<typeof createAndroidDeviceModule>;
