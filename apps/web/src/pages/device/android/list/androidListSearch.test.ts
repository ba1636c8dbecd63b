import { describe, expect, it } from 'vitest';
import { androidListSearch } from './androidListSearch.ts';

describe('Android list URL ⇄ query', () => {
  it('round-trips the Android filters and never takes the tab from the URL', () => {
    const url =
      'brand=honor&model=PGT-AN10&channel=1&regulate_status=2&lock_status=2&registration_time=20260101&registration_time=20260131&archived=true&page_num=1';
    const q = androidListSearch.parse(new URLSearchParams(url));
    expect(q).toMatchObject({
      brand: 'honor',
      model: 'PGT-AN10',
      channel: 1,
      regulate_status: 2,
      lock_status: 2,
      registration_time: ['20260101', '20260131'],
      archived: false,
      page_num: 1,
    });
    expect(androidListSearch.parse(androidListSearch.toSearch(q))).toEqual(q);
    expect(androidListSearch.toSearch({ ...q, archived: true }).has('archived')).toBe(false);
  });

  it('drops only refused fields and knows when a filter is set', () => {
    const q = androidListSearch.parse(new URLSearchParams('channel=9&regulate_status=1'));
    expect(q.channel).toBeUndefined();
    expect(q.regulate_status).toBe(1);
    expect(androidListSearch.hasActiveFilters(q)).toBe(true);
    expect(androidListSearch.hasActiveFilters(androidListSearch.clearFilters(q))).toBe(false);
  });
});
