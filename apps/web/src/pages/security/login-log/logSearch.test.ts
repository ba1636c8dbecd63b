import { loginLogListQuery, operationLogListQuery } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { parseLogSearch, toLogSearch } from './logSearch.ts';

const CLERK = '0b6b5c1e-8f2a-4d7e-9a37-2f1c7c0e4a11';

describe('log search in the URL', () => {
  it('reads filters and page with the shared schema, and drops what it refuses', () => {
    const q = parseLogSearch(
      operationLogListQuery,
      new URLSearchParams(`page_num=2&for_clerk=${CLERK}&action=lock&status=3&start_date=20260301&end_date=20260302`),
    );
    expect(q).toEqual({ page_num: 2, page_size: 20, for_clerk: CLERK, action: 'lock', status: 3, start_date: '20260301', end_date: '20260302' });
    const bad = parseLogSearch(loginLogListQuery, new URLSearchParams('page_size=500&status=9&for_clerk=nope&start_date=20260301'));
    expect(bad).toEqual({ page_num: 0, page_size: 20, start_date: '20260301' });
  });

  it('drops the end of a reversed range rather than the whole view', () => {
    const q = parseLogSearch(loginLogListQuery, new URLSearchParams('start_date=20260305&end_date=20260301&status=0'));
    expect(q).toEqual({ page_num: 0, page_size: 20, status: 0, start_date: '20260305' });
  });

  it('writes only what differs from the defaults', () => {
    const defaults = parseLogSearch(loginLogListQuery, new URLSearchParams());
    expect(toLogSearch({ ...defaults, page_num: 1, status: 0, for_clerk: undefined }, defaults).toString()).toBe('page_num=1&status=0');
    expect(toLogSearch(defaults, defaults).toString()).toBe('');
  });
});
