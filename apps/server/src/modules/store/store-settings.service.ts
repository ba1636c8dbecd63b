import {
  GRANTABLE_PERMS,
  type LostModalContent,
  type SmsVerifySwitch,
  type SmsVerifySwitchRequest,
  type StoreInfo,
  type StoreInfoUpdate,
  parsePermissionString,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { EMPTY_LOST_MODAL } from './lost-modal-default.ts';
import type { SensitiveActionGuard } from './sensitive-action.ts';
import { callerStore } from './caller-store.ts';
import type { StoreChanges, StoreRepo, StoreRow } from './store.repo.ts';

const grantable = new Set<string>(GRANTABLE_PERMS);

const toInfo = (s: StoreRow): StoreInfo => ({
  id: s.id,
  store_name: s.storeName,
  device_count: s.deviceCount,
  used_device_count: s.usedDeviceCount,
  rcs_count: s.rcsCount,
  used_rcs_count: s.usedRcsCount,
  discount_rate: s.discountRate,
  modules: s.modules,
  remark: s.remark,
  employee_default_permission: parsePermissionString(s.employeeDefaultPermission).filter((c) => grantable.has(c)),
  sms_verify_switch: s.smsVerifySwitch,
  date_created: s.dateCreated.toISOString(),
});

/**
 * createStoreSettingsService is the merchant-config page's store settings: the store's own facts, its
 * SMS-verification switch and its default lock-screen text. Route rules say who may write; the store
 * is always the caller's own.
 */
export function createStoreSettingsService(deps: {
  stores: StoreRepo;
  sensitive: SensitiveActionGuard;
  /** Runs after the store's name changed: its phones declare the store by name (organization-info). */
  onRenamed?: (storeId: string) => Promise<void>;
}) {
  const { stores, sensitive } = deps;
  const { load, save } = callerStore(stores);

  return {
    info: async (auth: AuthContext) => toInfo(await load(auth)),

    async updateInfo(auth: AuthContext, req: StoreInfoUpdate) {
      const values: StoreChanges = {};
      if (req.store_name !== undefined) values.storeName = req.store_name;
      if (req.remark !== undefined) values.remark = req.remark;
      if (req.employee_default_permission !== undefined) values.employeeDefaultPermission = req.employee_default_permission.join(',');
      const renamed = values.storeName !== undefined && values.storeName !== (await load(auth)).storeName;
      const saved = await save(auth, values);
      if (renamed) await deps.onRenamed?.(auth.storeId);
      return toInfo(saved);
    },

    smsVerifySwitch: async (auth: AuthContext): Promise<SmsVerifySwitch> => ({ enabled: (await load(auth)).smsVerifySwitch }),

    /** setSmsVerifySwitch goes through the guard, so turning the switch off needs the SMS code it protects. */
    async setSmsVerifySwitch(auth: AuthContext, req: SmsVerifySwitchRequest): Promise<SmsVerifySwitch> {
      await sensitive.confirm(auth, req);
      const row = await save(auth, { smsVerifySwitch: req.enabled });
      return { enabled: row.smsVerifySwitch };
    },

    lostModalContent: async (auth: AuthContext): Promise<LostModalContent> => (await load(auth)).lostModalContent ?? EMPTY_LOST_MODAL,

    async setLostModalContent(auth: AuthContext, content: LostModalContent): Promise<LostModalContent> {
      return (await save(auth, { lostModalContent: content })).lostModalContent ?? EMPTY_LOST_MODAL;
    },
  };
}
export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>;
