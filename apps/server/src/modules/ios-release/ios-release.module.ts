import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosCommandService } from '../ios-device/ios-command.service.ts';
import type { IosDeviceRepo } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { iosReleaseRoutes } from './ios-release.routes.ts';
import { createIosReleaseService } from './ios-release.service.ts';
import { oneClickUnlockJob } from './one-click-unlock.job.ts';
import { createOneClickUnlockRepo } from './one-click-unlock.repo.ts';
import { createOneClickUnlockService } from './one-click-unlock.service.ts';
import type { AbmGatewayPort, ActivationLockPort, RestrictionPort } from './release-ports.ts';

export interface IosReleaseModuleDeps extends Pick<ModuleBase, 'db' | 'log'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
  deviceRepo: IosDeviceRepo;
  iosCommands: Pick<IosCommandService, 'unlock' | 'moveToRecycleBin'>;
  sensitive: SensitiveActionGuard;
  restrictions: RestrictionPort;
  activationLock: ActivationLockPort;
  abm: AbmGatewayPort;
}

/**
 * createIosReleaseModule wires the release of a returned Apple device (解除监管) and the one-click unlock runs that
 * chain unlock, Activation Lock, ABM and release; the job moves runs on. `oneClickUnlock` is returned for tests.
 */
export function createIosReleaseModule(deps: IosReleaseModuleDeps) {
  const { db, devices, sensitive, abm } = deps;
  const release = createIosReleaseService({ db, mdm: deps.mdm, devices, sensitive, abm });
  const oneClickUnlock = createOneClickUnlockService({
    db,
    runs: createOneClickUnlockRepo(db),
    devices,
    deviceRepo: deps.deviceRepo,
    sensitive,
    release,
    iosCommands: deps.iosCommands,
    restrictions: deps.restrictions,
    activationLock: deps.activationLock,
    abm,
    log: deps.log,
  });
  return {
    name: 'ios-release',
    oneClickUnlock,
    jobs: [oneClickUnlockJob(oneClickUnlock)],
    async register(app: FastifyInstance) {
      await app.register(iosReleaseRoutes, { release, oneClick: oneClickUnlock });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type IosReleaseModule = ReturnType<typeof createIosReleaseModule>;
