import { androidListQuery, type AndroidListQuery } from '@lease/shared';
import { createUrlQuery, useUrlQuery } from '../../../../lib/urlQuery.ts';

export const ANDROID_FILTER_KEYS = [
  'imei',
  'hirer_phone_number',
  'serial_number',
  'brand',
  'model',
  'channel',
  'registration_time',
  'offline_duration',
  'for_clerk',
  'lock_status',
  'regulate_status',
] as const;

/** The Android list's view in the URL; which tab (archived or not) comes from the route, not the URL. */
export const androidListSearch = createUrlQuery<AndroidListQuery>(androidListQuery, {
  arrayKeys: ['registration_time'],
  filterKeys: ANDROID_FILTER_KEYS,
  excludeKeys: ['archived'],
});

/** useAndroidListSearch gives the tab's view: the URL's filters, page and sort, plus the tab's archived flag. */
export function useAndroidListSearch(archived: boolean): [AndroidListQuery, (next: AndroidListQuery) => void] {
  const [query, setQuery] = useUrlQuery(androidListSearch);
  return [{ ...query, archived }, setQuery];
}
