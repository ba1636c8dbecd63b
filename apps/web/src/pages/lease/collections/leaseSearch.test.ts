import { describe, expect, it } from 'vitest';
import { leaseSearch, listRequest } from './leaseSearch.ts';

const parse = (search: string) => leaseSearch.parse(new URLSearchParams(search));

describe('leaseSearch', () => {
  it('reads the filters, sort and page from the URL and writes back the same link', () => {
    const q = parse('status=overdue&platform=ios&keyword=F2LX&min_days_overdue=7&sort=amount_overdue&page_num=2&page_size=50');
    expect(q).toEqual({
      page_num: 2,
      page_size: 50,
      status: 'overdue',
      platform: 'ios',
      keyword: 'F2LX',
      min_days_overdue: 7,
      sort: 'amount_overdue',
    });
    expect(leaseSearch.toSearch(q).toString()).toBe('page_num=2&page_size=50&status=overdue&platform=ios&keyword=F2LX&min_days_overdue=7&sort=amount_overdue');
  });

  it('leaves defaults out and drops what the schema refuses, keeping the rest', () => {
    expect(leaseSearch.toSearch(parse('')).toString()).toBe('');
    expect(parse('status=late&platform=android&min_days_overdue=-1&sort=name')).toEqual({ page_num: 0, page_size: 20, platform: 'android' });
  });

  it('never takes collections from the URL: the page sets it', () => {
    expect(parse('collections=1').collections).toBeUndefined();
    expect(leaseSearch.toSearch({ ...parse(''), collections: '1' }).toString()).toBe('');
  });

  it('resets the filters but keeps the sort and page size, back on the first page', () => {
    const q = parse('status=locked&keyword=张&sort=days_overdue&page_num=3&page_size=50');
    expect(leaseSearch.clearFilters(q)).toMatchObject({ page_num: 0, page_size: 50, sort: 'days_overdue', status: undefined, keyword: undefined });
    expect(leaseSearch.hasActiveFilters(q)).toBe(true);
    expect(leaseSearch.hasActiveFilters(parse('sort=days_overdue'))).toBe(false);
  });
});

describe('listRequest', () => {
  it('asks the collections view with collections=1 and only its own statuses', () => {
    expect(listRequest('collections', parse('status=locked'))).toMatchObject({ collections: '1', status: 'locked' });
    expect(listRequest('collections', parse('status=paid_off'))).toMatchObject({ collections: '1', status: undefined });
    expect(listRequest('all', parse('status=paid_off'))).toMatchObject({ collections: undefined, status: 'paid_off' });
  });
});
