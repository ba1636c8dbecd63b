import type { IosListQuery } from '@lease/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListSearch, toListSearch } from './listSearch.ts';

/**
 * useListSearch keeps an Apple list's view (filters, page, sort) in the URL, read and written through
 * the one schema, so a copied link or the back button reproduces the view.
 */
export function useListSearch(): [IosListQuery, (next: IosListQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListSearch(params), [params]);
  const setQuery = useCallback((next: IosListQuery) => setParams(toListSearch(next)), [setParams]);
  return [query, setQuery];
}
