import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** ListSchema is the part of a shared zod list-query schema (e.g. iosListQuery) the URL codec needs. */
interface ListSchema<Q> {
  shape: Record<string, unknown>;
  parse(value: unknown): Q;
  safeParse(value: unknown): { success: true; data: Q } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

export interface UrlQueryOptions<Q> {
  /** Fields that repeat in the URL (registration_time=a&registration_time=b). */
  arrayKeys?: readonly (keyof Q & string)[];
  /** The filter fields: what 重置 clears and what tells "no devices yet" from "nothing found". */
  filterKeys: readonly (keyof Q & string)[];
  /** Fields the page sets itself (e.g. the archived tab), never read from or written to the URL. */
  excludeKeys?: readonly (keyof Q & string)[];
}

/**
 * createUrlQuery keeps a list's view (filters, page, sort) in the URL, read and written through the
 * same schema the server checks, so a copied link or the back button reproduces the view. A field the
 * schema refuses (a hand-edited link) falls back to its default instead of failing the whole view.
 */
export function createUrlQuery<Q extends Record<string, unknown>>(schema: ListSchema<Q>, options: UrlQueryOptions<Q>) {
  const defaults: Q = schema.parse({});
  const excluded = new Set<string>(options.excludeKeys ?? []);
  const arrays = new Set<string>(options.arrayKeys ?? []);
  const fields = Object.keys(schema.shape).filter((k) => !excluded.has(k)) as (keyof Q & string)[];

  function parse(search: URLSearchParams): Q {
    const raw: Record<string, string | string[]> = {};
    for (const key of fields) {
      const values = search.getAll(key).filter((v) => v !== '');
      if (values.length === 0) continue;
      raw[key] = arrays.has(key) ? values : values[0];
    }
    for (;;) {
      const result = schema.safeParse(raw);
      if (result.success) return result.data;
      const bad = new Set(result.error.issues.map((i) => String(i.path[0])));
      const before = Object.keys(raw).length;
      for (const key of bad) delete raw[key];
      if (Object.keys(raw).length === before) return defaults;
    }
  }

  /** toSearch writes a view; defaults are left out so plain links stay short. */
  function toSearch(query: Q): URLSearchParams {
    const search = new URLSearchParams();
    for (const key of fields) {
      const value = query[key];
      if (value === undefined || value === defaults[key]) continue;
      if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
      else search.set(key, String(value));
    }
    return search;
  }

  /** withFilters starts a new view from changed filters: back to the first page, sort and page size kept. */
  const withFilters = (query: Q, filters: Partial<Q>): Q => ({ ...query, ...filters, page_num: 0 });
  const clearFilters = (query: Q): Q => withFilters(query, Object.fromEntries(options.filterKeys.map((k) => [k, undefined])) as Partial<Q>);
  const hasActiveFilters = (query: Q) => options.filterKeys.some((k) => query[k] !== undefined);
  /** filtersOf is the view without paging (an export's body; the key that resets a selection). */
  function filtersOf(query: Q): Omit<Q, 'page_num' | 'page_size'> {
    const { page_num: _page, page_size: _size, ...filters } = query;
    return filters;
  }

  return { defaults, parse, toSearch, withFilters, clearFilters, hasActiveFilters, filtersOf };
}

export type UrlQuery<Q extends Record<string, unknown>> = ReturnType<typeof createUrlQuery<Q>>;

/** useUrlQuery reads and writes one list's view in the page URL. */
export function useUrlQuery<Q extends Record<string, unknown>>(codec: Pick<UrlQuery<Q>, 'parse' | 'toSearch'>): [Q, (next: Q) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => codec.parse(params), [codec, params]);
  const setQuery = useCallback((next: Q) => setParams(codec.toSearch(next)), [codec, setParams]);
  return [query, setQuery];
}
