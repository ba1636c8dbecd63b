import type {
  AppleAppRestrictionInput,
  AppleRestrictionMap,
  AppleWhiteList,
  AppleWhiteListRequest,
  LostModalContent,
  SmsVerifySwitch,
  SmsVerifySwitchRequest,
  StoreDefaultRestriction,
  StoreInfo,
  StoreInfoUpdateRequest,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** storeKeys roots every store-settings query, so a save refreshes whatever shows the same row. */
export const storeKeys = {
  all: ['store'] as const,
  info: ['store', 'info'] as const,
  smsSwitch: ['store', 'sms-verify-switch'] as const,
  lostModal: ['store', 'lost-modal-content'] as const,
  restriction: ['store', 'default-restriction'] as const,
  whiteList: ['store', 'apple-white-list'] as const,
};

export const storeInfoQuery = queryOptions({ queryKey: storeKeys.info, queryFn: () => api.get<StoreInfo>('/api/store/info') });
export const updateStoreInfo = (body: StoreInfoUpdateRequest) => api.put<StoreInfo>('/api/store/info', body, { silent: true });

export const smsVerifySwitchQuery = queryOptions({
  queryKey: storeKeys.smsSwitch,
  queryFn: () => api.get<SmsVerifySwitch>('/api/store/sms-verify-switch'),
});
export const setSmsVerifySwitch = (body: SmsVerifySwitchRequest) => api.put<SmsVerifySwitch>('/api/store/sms-verify-switch', body, { silent: true });

export const storeLostModalQuery = queryOptions({
  queryKey: storeKeys.lostModal,
  queryFn: () => api.get<LostModalContent>('/api/store/lost-modal-content'),
});
export const updateStoreLostModal = (body: LostModalContent) => api.put<LostModalContent>('/api/store/lost-modal-content', body, { silent: true });

export const defaultRestrictionQuery = queryOptions({
  queryKey: storeKeys.restriction,
  queryFn: () => api.get<StoreDefaultRestriction>('/api/store/default-restriction'),
});
export const updateDefaultSystemRestriction = (map: AppleRestrictionMap) =>
  api.put<StoreDefaultRestriction>('/api/store/default-system-restriction', { system_restriction: map });
export const updateDefaultAppRestriction = (body: AppleAppRestrictionInput) =>
  api.put<StoreDefaultRestriction>('/api/store/default-app-restriction', body, { silent: true });

export const appleWhiteListQuery = queryOptions({
  queryKey: storeKeys.whiteList,
  queryFn: () => api.get<AppleWhiteList>('/api/user/apple-app-restriction-white-list'),
});
export const updateAppleWhiteList = (body: AppleWhiteListRequest) =>
  api.put<AppleWhiteList>('/api/user/apple-app-restriction-white-list', body, { silent: true });
