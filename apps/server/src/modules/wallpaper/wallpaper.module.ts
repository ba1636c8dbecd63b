import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { createImageGate } from './wallpaper-image.gate.ts';
import { createWallpaperRepo, getWallpaperContent } from './wallpaper.repo.ts';
import { wallpaperRoutes } from './wallpaper.routes.ts';
import { createWallpaperService } from './wallpaper.service.ts';

/**
 * createWallpaperModule wires the store's wallpaper library: `repo` (Apple set-wallpaper reads it) and `content`
 * (the JPEG bytes the Android operation and the agent gateway's download send).
 */
export function createWallpaperModule(deps: Pick<ModuleBase, 'db'>) {
  const { db } = deps;
  const repo = createWallpaperRepo(db);
  const images = createImageGate();
  const wallpapers = createWallpaperService({ repo, images });
  return {
    name: 'wallpaper',
    repo,
    content: (storeId: string, id: string) => getWallpaperContent(db, storeId, id),
    async register(app: FastifyInstance) {
      await app.register(wallpaperRoutes, { wallpapers });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type WallpaperModule = ReturnType<typeof createWallpaperModule>;
