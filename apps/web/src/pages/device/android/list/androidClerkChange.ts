import { api } from '../../../../api/index.ts';
import { androidKeys, sendAndroidOperation } from '../../../../api/androidDevice.ts';
import type { AndroidSearchOptions } from '@lease/shared';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';
import type { ClerkChangeApi } from '../../shared/ChangeClerkDialog.tsx';

/**
 * androidClerkChange lets the shared ChangeClerkDialog hand Android phones over (Ea3): the clerks come from
 * search-options, and each phone goes through its own change-for-clerk operation, in order, so the
 * hand-over log and quotas are written per phone.
 */
export const androidClerkChange: ClerkChangeApi = {
  clerksKey: ['android-device', 'search-options', 'clerks'],
  loadClerks: async () => (await api.get<AndroidSearchOptions>('/api/device/android/search-options')).clerks,
  async change(deviceIds, forClerk) {
    for (const id of deviceIds) await sendAndroidOperation(id, 'change-for-clerk', { for_clerk: forClerk }, newIdempotencyKey());
    return { count: deviceIds.length };
  },
  root: androidKeys.all,
};
