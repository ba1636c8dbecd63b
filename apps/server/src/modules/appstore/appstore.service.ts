import {
  AppPlatform,
  type AppstoreApp,
  type AppstoreListQuery,
  type AppstoreNewBody,
  type AppstoreUpdateRequest,
  type ItunesApp,
  type ItunesSearchQuery,
  type ListResponse,
  Module,
  Perm,
} from '@lease/shared';
import type { ItunesSearch } from '../../adapters/itunes/itunes-search.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { type AuthContext, requirePerm } from '../../http/authz.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppstoreAppRow, AppstoreRepo } from './appstore.repo.ts';

const NOT_FOUND = '应用不存在';

/** Each platform's library belongs to its device module, and is kept by whoever sets that platform's app restrictions. */
const platformRule: Record<AppPlatform, { module: Module; editPerm: Perm }> = {
  apple: { module: Module.APPLE, editPerm: Perm.APPLE_SET_APP_RESTRICTION },
  android: { module: Module.ANDROID, editPerm: Perm.ANDROID_SET_APP_RESTRICTION },
};

function requireModule(auth: AuthContext, platform: AppPlatform) {
  if (!auth.modules.includes(platformRule[platform].module)) throw new AppError('PERMISSION_DENIED', '门店未开通此功能');
}

function requireEdit(auth: AuthContext, platform: AppPlatform) {
  requireModule(auth, platform);
  requirePerm(auth, platformRule[platform].editPerm);
}

export const toAppstoreApp = (row: AppstoreAppRow): AppstoreApp => ({
  id: row.id,
  platform: row.platform as AppPlatform,
  sort: row.sort,
  app_name: row.appName,
  bundle_id: row.bundleId,
  group: row.group,
  icon: row.icon,
  version: row.version,
  seller: row.seller,
  track_id: row.trackId,
  date_created: row.dateCreated.toISOString(),
});

/** AppstoreService is the store's app library (spec §3 App entry) and the Apple app search that feeds it. */
export function createAppstoreService(deps: { repo: AppstoreRepo; itunes: ItunesSearch }) {
  const { repo, itunes } = deps;

  /** findForEdit reads one of the store's apps (404 otherwise) and checks the caller may edit its platform. */
  async function findForEdit(auth: AuthContext, id: string) {
    const row = await repo.find(auth.storeId, id);
    if (!row) throw notFound(NOT_FOUND);
    requireEdit(auth, row.platform as AppPlatform);
    return row;
  }

  return {
    async list(auth: AuthContext, q: AppstoreListQuery): Promise<ListResponse<AppstoreApp>> {
      requireModule(auth, q.platform);
      const { rows, total } = await repo.list(auth.storeId, q);
      return { list: rows.map(toAppstoreApp), total };
    },
    async groups(auth: AuthContext, platform: AppPlatform): Promise<{ list: string[] }> {
      requireModule(auth, platform);
      return { list: await repo.groups(auth.storeId, platform) };
    },
    async add(auth: AuthContext, req: AppstoreNewBody): Promise<AppstoreApp> {
      requireEdit(auth, req.platform);
      try {
        const row = await repo.insert({
          storeId: auth.storeId,
          platform: req.platform,
          appName: req.app_name,
          bundleId: req.bundle_id,
          group: req.group,
          sort: req.sort,
          icon: req.icon,
          version: req.version,
          seller: req.seller,
          trackId: req.track_id ?? null,
        });
        return toAppstoreApp(row);
      } catch (err) {
        if (isUniqueViolation(err, 'appstore_app_store_bundle_key')) throw new AppError('CONFLICT', `${req.bundle_id} 已在应用库中`);
        throw err;
      }
    },
    async update(auth: AuthContext, id: string, req: AppstoreUpdateRequest): Promise<AppstoreApp> {
      await findForEdit(auth, id);
      const row = await repo.update(auth.storeId, id, { appName: req.app_name, group: req.group, sort: req.sort });
      if (!row) throw notFound(NOT_FOUND);
      return toAppstoreApp(row);
    },
    async remove(auth: AuthContext, id: string): Promise<void> {
      await findForEdit(auth, id);
      if (!(await repo.remove(auth.storeId, id))) throw notFound(NOT_FOUND);
    },
    /** searchItunes finds Apple apps to add; only stores with the Apple module search. */
    async searchItunes(auth: AuthContext, q: ItunesSearchQuery): Promise<{ list: ItunesApp[] }> {
      requireModule(auth, AppPlatform.APPLE);
      return { list: await itunes.search(q.term, q.platform) };
    },
  };
}
export type AppstoreService = ReturnType<typeof createAppstoreService>;
