import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { createInstallAppsRepo } from './install-apps.repo.ts';
import { createInstallAppsService } from './install-apps.service.ts';
import { iosAppsRoutes } from './ios-apps.routes.ts';

export interface IosAppsModuleDeps extends Pick<ModuleBase, 'db'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
}

/** createIosAppsModule wires app installation on Apple devices (安装应用). */
export function createIosAppsModule(deps: IosAppsModuleDeps) {
  const { db } = deps;
  const installApps = createInstallAppsService({ db, mdm: deps.mdm, devices: deps.devices, repo: createInstallAppsRepo(db) });
  return {
    name: 'ios-apps',
    async register(app: FastifyInstance) {
      await app.register(iosAppsRoutes, { installApps });
    },
  } satisfies AppModule;
}
