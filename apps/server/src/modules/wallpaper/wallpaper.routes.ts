import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Perm, WALLPAPER_MAX_BYTES, wallpaperIdParams, wallpaperItemQuery, wallpaperListQuery, wallpaperUploadRequest } from '@lease/shared';
import { type AuthRule, requireAuth } from '../../http/authz.ts';
import type { WallpaperService } from './wallpaper.service.ts';

/** Whoever may set wallpapers on Apple or Android phones may keep the store's library. */
const mayEdit: { auth: AuthRule } = { auth: { perms: [Perm.APPLE_SET_WALLPAPER, Perm.ANDROID_SET_WALLPAPER], mode: 'any' } };

/**
 * The upload's body limit, raised from the app's 1 MB for this route only: the base64 of a 5 MB picture is
 * 7 MB, and a somewhat larger picture still gets the schema's Chinese 400 instead of a bare 413.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil((WALLPAPER_MAX_BYTES * 4) / 3) + 3 * 1024 * 1024;

/** Wallpaper calls of spec §7: the store's JPEG library the set-wallpaper operations pick from. */
export const wallpaperRoutes: FastifyPluginAsyncZod<{ wallpapers: WallpaperService }> = async (app, { wallpapers }) => {
  const tags = ['wallpaper'];
  const authed = { auth: 'authenticated' } as const;
  app.get('/api/wallpaper/list', { config: authed, schema: { tags, querystring: wallpaperListQuery } }, (req) => wallpapers.list(requireAuth(req), req.query));
  app.get('/api/wallpaper/item', { config: authed, schema: { tags, querystring: wallpaperItemQuery } }, (req) =>
    wallpapers.item(requireAuth(req), req.query.id),
  );
  app.post('/api/wallpaper/upload', { config: mayEdit, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags, body: wallpaperUploadRequest } }, (req) =>
    wallpapers.upload(requireAuth(req), req.body),
  );
  app.delete('/api/wallpaper/:id', { config: mayEdit, schema: { tags, params: wallpaperIdParams } }, async (req) => {
    await wallpapers.remove(requireAuth(req), req.params.id);
    return { ok: true as const };
  });
};
