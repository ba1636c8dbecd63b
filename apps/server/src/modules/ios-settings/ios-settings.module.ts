import type { FastifyInstance } from 'fastify';
import { softwareLookupFromConfig } from '../../adapters/apple-software-lookup/software-lookup.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { WallpaperRepo } from '../wallpaper/wallpaper.repo.ts';
import { createIosOsUpdateService } from './ios-os-update.service.ts';
import { iosSettingsRoutes } from './ios-settings.routes.ts';
import { type RestrictionReinstaller, createIosWallpaperService } from './ios-wallpaper.service.ts';
import { osUpdateWatchJob } from './os-update-watch.job.ts';

export interface IosSettingsModuleDeps extends Pick<ModuleBase, 'db' | 'config'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
  wallpapers: WallpaperRepo;
  restrictions: RestrictionReinstaller;
}

/**
 * createIosSettingsModule wires the Apple device settings: wallpaper and OS updates (with the update watch job, Apple's
 * software lookup service or its offline list, and the DDM status listener for iOS 17+).
 */
export function createIosSettingsModule(deps: IosSettingsModuleDeps) {
  const { db, mdm, devices } = deps;
  const wallpaper = createIosWallpaperService({ db, mdm, devices, wallpapers: deps.wallpapers, restrictions: deps.restrictions });
  const lookup = softwareLookupFromConfig(deps.config.softwareLookupOrigin);
  const ddm = mdm.ddm.port;
  const osUpdates = createIosOsUpdateService({ db, mdm, devices, lookup, ddm });
  ddm.onStatus((tx, deviceId, changed) => osUpdates.onStatus(tx, deviceId, changed));
  return {
    name: 'ios-settings',
    jobs: [osUpdateWatchJob(db, mdm, osUpdates)],
    adapters: [{ name: 'apple-software-lookup', label: 'Apple 软件查询服务（iOS 版本列表）', impl: lookup.label, live: lookup.live }],
    osUpdates,
    async register(app: FastifyInstance) {
      await app.register(iosSettingsRoutes, { wallpaper, osUpdates });
    },
  } satisfies AppModule & Record<string, unknown>;
}
