import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppPlatform, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { appstoreApp } from '../appstore/appstore.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

export const INSTALL_ACTION = 'install-apps';

/** InstallAppsRepo reads what an install request is checked against: the store's app library and installs in flight. */
export function createInstallAppsRepo(db: Db) {
  return {
    /** storeWhiteList: the store's Apple apps every phone allows, whatever its own app rule says. */
    async storeWhiteList(storeId: string): Promise<string[]> {
      const [row] = await db.select({ list: store.appleAppWhiteList }).from(store).where(eq(store.id, storeId));
      return (row?.list ?? []).map((a) => a.bundle_id);
    },

    /** libraryApps finds the store's Apple library entries of these bundle ids. */
    async libraryApps(storeId: string, bundleIds: string[]) {
      if (!bundleIds.length) return [];
      return db
        .select({ bundleId: appstoreApp.bundleId, appName: appstoreApp.appName, trackId: appstoreApp.trackId })
        .from(appstoreApp)
        .where(and(eq(appstoreApp.storeId, storeId), eq(appstoreApp.platform, AppPlatform.APPLE), inArray(appstoreApp.bundleId, bundleIds)));
    },

    /** installing lists the bundle ids whose install on the device is still queued or on its way. */
    async installing(deviceId: string): Promise<Set<string>> {
      const bundle = sql<string>`${operationLog.detail}->>'bundle_id'`;
      const rows = await db
        .select({ bundleId: bundle })
        .from(operationLog)
        .where(
          and(
            eq(operationLog.deviceId, deviceId),
            eq(operationLog.action, INSTALL_ACTION),
            inArray(operationLog.status, [OperationStatus.QUEUED, OperationStatus.SENT]),
          ),
        );
      return new Set(rows.map((r) => r.bundleId));
    },
  };
}
export type InstallAppsRepo = ReturnType<typeof createInstallAppsRepo>;
