import { type GlobalHttpProxySetting, OperationStatus } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { callerStore } from '../store/caller-store.ts';
import type { StoreRepo } from '../store/store.repo.ts';

/**
 * createGlobalHttpProxySettingService keeps the store's PAC URL, which set-global-http-proxy installs on phones.
 * Changing it does not touch phones that already have the proxy: they keep the URL they were given until the
 * proxy is set again, which the console says where the URL is edited.
 */
export function createGlobalHttpProxySettingService(deps: { stores: StoreRepo; oplog: OperationLogRepo }) {
  const { load, save } = callerStore(deps.stores);
  return {
    get: async (auth: AuthContext): Promise<GlobalHttpProxySetting> => ({ pac_url: (await load(auth)).globalHttpProxyPacUrl ?? null }),

    async update(auth: AuthContext, pacUrl: string | null): Promise<GlobalHttpProxySetting> {
      const before = (await load(auth)).globalHttpProxyPacUrl ?? null;
      const row = await save(auth, { globalHttpProxyPacUrl: pacUrl });
      if (before !== pacUrl) {
        await deps.oplog.insertMany([
          {
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            platform: 'store',
            action: 'global-http-proxy-update',
            status: OperationStatus.DONE,
            detail: { before, after: pacUrl },
          },
        ]);
      }
      return { pac_url: row.globalHttpProxyPacUrl ?? null };
    },
  };
}
export type GlobalHttpProxySettingService = ReturnType<typeof createGlobalHttpProxySettingService>;
