import { describe, expect, it } from 'vitest';
import { clearFilters, DEFAULT_LIST_QUERY, filtersOf, hasActiveFilters, parseListSearch, toListSearch, withFilters } from './listSearch.ts';

const CLERK = '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('Apple list URL ⇄ query', () => {
  it('gives the schema defaults for an empty URL and writes nothing back', () => {
    const q = parseListSearch(new URLSearchParams(''));
    expect(q).toEqual({ page_num: 0, page_size: 20, sort_index: 'registration_time', sort_direction: 'descend' });
    expect(toListSearch(q).toString()).toBe('');
  });

  it('round-trips every filter, the two registration dates, paging and sort', () => {
    const url =
      'page_num=2&page_size=50&imei=35320972&hirer_phone_number=1380000&serial_number=F2LXK0&' +
      'registration_time=20260101&registration_time=20260131&offline_duration=24&for_clerk=' +
      CLERK +
      '&lock_status=2&sort_index=last_active_time&sort_direction=ascend';
    const q = parseListSearch(new URLSearchParams(url));
    expect(q).toEqual({
      page_num: 2,
      page_size: 50,
      imei: '35320972',
      hirer_phone_number: '1380000',
      serial_number: 'F2LXK0',
      registration_time: ['20260101', '20260131'],
      offline_duration: 24,
      for_clerk: CLERK,
      lock_status: 2,
      sort_index: 'last_active_time',
      sort_direction: 'ascend',
    });
    expect(parseListSearch(toListSearch(q))).toEqual(q);
    expect(toListSearch(q).getAll('registration_time')).toEqual(['20260101', '20260131']);
  });

  it('drops only the fields the schema refuses', () => {
    const q = parseListSearch(new URLSearchParams('imei=abc&offline_duration=5&registration_time=20260101&page_size=99&lock_status=1'));
    expect(q).toEqual({ ...DEFAULT_LIST_QUERY, lock_status: 1 });
  });

  it('sends changed filters back to the first page and keeps sort and size', () => {
    const q = { ...DEFAULT_LIST_QUERY, page_num: 3, page_size: 50, sort_direction: 'ascend' as const };
    expect(withFilters(q, { imei: '353' })).toEqual({ ...q, page_num: 0, imei: '353' });
  });

  it('exports the filters without paging and knows when any filter is set', () => {
    const q = { ...DEFAULT_LIST_QUERY, page_num: 4, lock_status: 0 };
    expect(filtersOf(q)).toEqual({ sort_index: 'registration_time', sort_direction: 'descend', lock_status: 0 });
    expect(hasActiveFilters(q)).toBe(true);
    expect(hasActiveFilters(DEFAULT_LIST_QUERY)).toBe(false);
    expect(hasActiveFilters(clearFilters(q))).toBe(false);
    expect(toListSearch(clearFilters({ ...q, page_size: 50 })).toString()).toBe('page_size=50');
  });
});
