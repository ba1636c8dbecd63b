import { iosListQuery, type IosListQuery } from '@lease/shared';
import type { IosListFilters } from '../../../../api/iosDevice.ts';

/** The list view when the URL says nothing: first page of 20, newest registrations first. */
export const DEFAULT_LIST_QUERY: IosListQuery = iosListQuery.parse({});

const FIELDS = Object.keys(iosListQuery.shape) as (keyof IosListQuery)[];

function rawFrom(search: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of FIELDS) {
    const values = search.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    raw[key] = key === 'registration_time' ? values : values[0];
  }
  return raw;
}

/**
 * parseListSearch reads the Apple list view from the URL with the same schema the server checks
 * (iosListQuery). A field the schema refuses (a hand-edited link) falls back to its default instead of
 * failing the whole view, so the rest of a copied link still applies.
 */
export function parseListSearch(search: URLSearchParams): IosListQuery {
  const raw = rawFrom(search);
  for (;;) {
    const result = iosListQuery.safeParse(raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((i) => String(i.path[0])));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    if (Object.keys(raw).length === before) return DEFAULT_LIST_QUERY;
  }
}

/** toListSearch writes a view to the URL; defaults are left out so plain links stay short. */
export function toListSearch(query: IosListQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FIELDS) {
    const value = query[key];
    if (value === undefined || value === DEFAULT_LIST_QUERY[key]) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, v);
    else search.set(key, String(value));
  }
  return search;
}

/** withFilters starts a new view from changed filters: back to the first page, sort and page size kept. */
export function withFilters(query: IosListQuery, filters: Partial<IosListFilters>): IosListQuery {
  return { ...query, ...filters, page_num: 0 };
}

/** filtersOf is the view without paging: the body of export-list. */
export function filtersOf(query: IosListQuery): IosListFilters {
  const { page_num: _page, page_size: _size, ...filters } = query;
  return filters;
}

const FILTER_KEYS = ['imei', 'hirer_phone_number', 'serial_number', 'registration_time', 'offline_duration', 'for_clerk', 'lock_status'] as const;

/** clearFilters drops every filter and goes back to the first page; sort and page size stay. */
export const clearFilters = (query: IosListQuery): IosListQuery =>
  withFilters(query, Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));

/** hasActiveFilters tells an empty store (no devices yet) from a search that found nothing. */
export const hasActiveFilters = (query: IosListQuery) => FILTER_KEYS.some((k) => query[k] !== undefined);
