import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { WallpaperRepo } from '../wallpaper/wallpaper.repo.ts';
import { createIosOsUpdateService } from './ios-os-update.service.ts';
import { iosSettingsRoutes } from './ios-settings.routes.ts';
import { type RestrictionReinstaller, createIosWallpaperService } from './ios-wallpaper.service.ts';
import { osUpdateWatchJob } from './os-update-watch.job.ts';

export interface IosSettingsModuleDeps extends Pick<ModuleBase, 'db'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
  wallpapers: WallpaperRepo;
  restrictions: RestrictionReinstaller;
}

/** createIosSettingsModule wires the Apple device settings: wallpaper and OS updates (with the update watch job). */
export function createIosSettingsModule(deps: IosSettingsModuleDeps) {
  const { db, mdm, devices } = deps;
  const wallpaper = createIosWallpaperService({ db, mdm, devices, wallpapers: deps.wallpapers, restrictions: deps.restrictions });
  const osUpdates = createIosOsUpdateService({ db, mdm, devices });
  return {
    name: 'ios-settings',
    jobs: [osUpdateWatchJob(db, mdm)],
    async register(app: FastifyInstance) {
      await app.register(iosSettingsRoutes, { wallpaper, osUpdates });
    },
  } satisfies AppModule;
}
