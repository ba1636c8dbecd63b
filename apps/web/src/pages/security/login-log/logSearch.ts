import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** LogSchema is what a log page needs of its shared zod query schema (loginLogListQuery, operationLogListQuery). */
export interface LogSchema<Q> {
  shape: Record<string, unknown>;
  safeParse(raw: unknown): { success: true; data: Q } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
}

/**
 * parseLogSearch reads a log page's view from the URL with the schema the server checks. A field the schema
 * refuses (a hand-edited link) is dropped rather than failing the view; a bad range drops its end.
 */
export function parseLogSearch<Q>(schema: LogSchema<Q>, search: URLSearchParams): Q {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = search.get(key);
    if (value) raw[key] = value;
  }
  for (;;) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const before = Object.keys(raw).length;
    for (const issue of result.error.issues) delete raw[String(issue.path[0])];
    if (Object.keys(raw).length === before) return (schema.safeParse({}) as { data: Q }).data;
  }
}

/** toLogSearch writes a view to the URL, leaving out what equals the default so links stay short. */
export function toLogSearch<Q extends object>(query: Q, defaults: Q): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === (defaults as Record<string, unknown>)[key]) continue;
    search.set(key, String(value));
  }
  return search;
}

/** useLogSearch keeps a log page's filters and page in the URL, so a copied link or the back button reproduces it. */
export function useLogSearch<Q extends object>(schema: LogSchema<Q>): [Q, (next: Q) => void, Q] {
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => parseLogSearch(schema, new URLSearchParams()), [schema]);
  const query = useMemo(() => parseLogSearch(schema, params), [schema, params]);
  const setQuery = useCallback((next: Q) => setParams(toLogSearch(next, defaults)), [setParams, defaults]);
  return [query, setQuery, defaults];
}
