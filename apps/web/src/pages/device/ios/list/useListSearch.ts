import type { IosListQuery } from '@lease/shared';
import { useUrlQuery } from '../../../../lib/urlQuery.ts';
import { iosListSearch } from './listSearch.ts';

/** useListSearch keeps an Apple list's view (filters, page, sort) in the URL (see createUrlQuery). */
export function useListSearch(): [IosListQuery, (next: IosListQuery) => void] {
  return useUrlQuery(iosListSearch);
}
