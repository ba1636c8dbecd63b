import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { StoreChanges, StoreRepo, StoreRow } from './store.repo.ts';

/** callerStore reads and writes the caller's own store row; a missing row (a deleted store) is a 404. */
export function callerStore(stores: StoreRepo) {
  const found = (row: StoreRow | undefined): StoreRow => {
    if (!row) throw notFound('门店不存在');
    return row;
  };
  return {
    load: async (auth: AuthContext) => found(await stores.find(auth.storeId)),
    save: async (auth: AuthContext, values: StoreChanges) => found(await stores.update(auth.storeId, values)),
  };
}
