import {
  type AppleAppRestriction,
  type AppleRestrictionMap,
  type AppleWhiteList,
  type AppleWhiteListUpdate,
  type IosDefaultAppRestriction,
  type StoreDefaultRestriction,
  APPLE_RESTRICTION_KEYS,
  AppleAppRestrictionType,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { verifyCallerSecret } from '../auth/caller-secret.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import { callerStore } from './caller-store.ts';
import type { StoreRepo, StoreRow } from './store.repo.ts';

const known = new Set<string>(APPLE_RESTRICTION_KEYS);

/** systemRestrictionOf keeps only catalogue keys, so a key dropped from the catalogue stops being applied. */
const knownOnly = (map: Partial<Record<string, boolean>>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(map).filter((e): e is [string, boolean] => known.has(e[0]) && typeof e[1] === 'boolean'));
const systemRestrictionOf = (s: StoreRow): AppleRestrictionMap => knownOnly(s.systemRestriction);

/** appRestrictionOf reads the stored rule; `{}` (never set) is "off". */
const appRestrictionOf = (s: StoreRow): AppleAppRestriction => ({
  enable: s.appRestriction.enable ?? false,
  type: s.appRestriction.type ?? AppleAppRestrictionType.NONE,
  list: s.appRestriction.list ?? [],
});

/**
 * createStoreRestrictionService holds the store's Apple defaults (spec §3 Store system_restriction,
 * app_restriction) and its global app white list. Writes are admin-only by route rule; the white list
 * also asks for the caller's password.
 */
export function createStoreRestrictionService(deps: { stores: StoreRepo; clerkRepo: ClerkRepo }) {
  const { load, save } = callerStore(deps.stores);
  const defaults = (s: StoreRow): StoreDefaultRestriction => ({ system_restriction: systemRestrictionOf(s), app_restriction: appRestrictionOf(s) });

  return {
    defaults: async (auth: AuthContext) => defaults(await load(auth)),

    setSystemRestriction: async (auth: AuthContext, map: AppleRestrictionMap) => defaults(await save(auth, { systemRestriction: knownOnly(map) })),

    setAppRestriction: async (auth: AuthContext, rule: AppleAppRestriction) => defaults(await save(auth, { appRestriction: rule })),

    iosSystemRestriction: async (auth: AuthContext) => ({ system_restriction: systemRestrictionOf(await load(auth)) }),

    /** iosAppRestriction: with a type, the default list only when the store's default is of that type (a device dialog's prefill). */
    async iosAppRestriction(auth: AuthContext, type?: number): Promise<IosDefaultAppRestriction> {
      const s = await load(auth);
      const rule = appRestrictionOf(s);
      const list = type === undefined || type === rule.type ? rule.list : [];
      return { ...rule, list, global_white_list: s.appleAppWhiteList };
    },

    whiteList: async (auth: AuthContext): Promise<AppleWhiteList> => ({ list: (await load(auth)).appleAppWhiteList }),

    async setWhiteList(auth: AuthContext, req: AppleWhiteListUpdate): Promise<AppleWhiteList> {
      await verifyCallerSecret(deps.clerkRepo, auth, req.password);
      return { list: (await save(auth, { appleAppWhiteList: req.list })).appleAppWhiteList };
    },
  };
}
export type StoreRestrictionService = ReturnType<typeof createStoreRestrictionService>;
