import { Perm, hasPermission } from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import type { PlanScope } from './lease.repo.ts';

/** scopeOf: a clerk without a platform's 查看全部设备 sees the plans of their own phones only. */
export const scopeOf = (auth: AuthContext): PlanScope => ({
  storeId: auth.storeId,
  ownIos: hasPermission(auth.perms, Perm.APPLE_LIST_VIEW_ALL) ? undefined : auth.clerkId,
  ownAndroid: hasPermission(auth.perms, Perm.ANDROID_LIST_VIEW_ALL) ? undefined : auth.clerkId,
});
