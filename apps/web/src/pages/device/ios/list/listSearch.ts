import { iosListQuery, type IosListQuery } from '@lease/shared';
import type { IosListFilters } from '../../../../api/iosDevice.ts';
import { createUrlQuery } from '../../../../lib/urlQuery.ts';

const FILTER_KEYS = ['imei', 'hirer_phone_number', 'serial_number', 'registration_time', 'offline_duration', 'for_clerk', 'lock_status'] as const;

/** The Apple list's view in the URL, through the schema the server checks (iosListQuery). */
export const iosListSearch = createUrlQuery<IosListQuery>(iosListQuery, { arrayKeys: ['registration_time'], filterKeys: FILTER_KEYS });

/** The list view when the URL says nothing: first page of 20, newest registrations first. */
export const DEFAULT_LIST_QUERY: IosListQuery = iosListSearch.defaults;
export const parseListSearch = iosListSearch.parse;
export const toListSearch = iosListSearch.toSearch;
export const withFilters = (query: IosListQuery, filters: Partial<IosListFilters>) => iosListSearch.withFilters(query, filters);
export const filtersOf = (query: IosListQuery): IosListFilters => iosListSearch.filtersOf(query);
export const clearFilters = iosListSearch.clearFilters;
export const hasActiveFilters = iosListSearch.hasActiveFilters;
