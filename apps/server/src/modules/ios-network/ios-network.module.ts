import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { StoreRepo } from '../store/store.repo.ts';
import { createGlobalHttpProxySettingService } from './global-http-proxy-setting.service.ts';
import { iosNetworkRoutes } from './ios-network.routes.ts';
import { createIosNetworkService } from './ios-network.service.ts';

export interface IosNetworkModuleDeps extends Pick<ModuleBase, 'db'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
  stores: StoreRepo;
  oplog: OperationLogRepo;
}

/** createIosNetworkModule wires the Apple network settings (proxy, DNS) and the store's global HTTP proxy setting. */
export function createIosNetworkModule(deps: IosNetworkModuleDeps) {
  const { db, mdm, devices, stores } = deps;
  const network = createIosNetworkService({ db, mdm, devices, stores });
  const proxySetting = createGlobalHttpProxySettingService({ stores, oplog: deps.oplog });
  return {
    name: 'ios-network',
    async register(app: FastifyInstance) {
      await app.register(iosNetworkRoutes, { network, proxySetting });
    },
  } satisfies AppModule;
}
