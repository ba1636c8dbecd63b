import { describe, expect, it } from 'vitest';
import { parseSerials } from './serials.ts';

describe('parseSerials', () => {
  it('accepts lines, commas (also Chinese ones) and spaces, uppercases and drops repeats', () => {
    expect(parseSerials('f2lxk0abcd12\nDNPXQ1ABCD3，G6TZ12345678, f2lxk0abcd12  HX7Q9ABCDE')).toEqual({
      serials: ['F2LXK0ABCD12', 'DNPXQ1ABCD3', 'G6TZ12345678', 'HX7Q9ABCDE'],
      invalid: [],
    });
  });

  it('reports entries that are not 10-14 letters or digits', () => {
    expect(parseSerials('ABC123\nF2LXK0ABCD12\nF2LXK0ABCD12345\nF2LX-K0ABCD')).toEqual({
      serials: ['F2LXK0ABCD12'],
      invalid: ['ABC123', 'F2LXK0ABCD12345', 'F2LX-K0ABCD'],
    });
  });

  it('finds nothing in blank input', () => {
    expect(parseSerials(' \n ,, ')).toEqual({ serials: [], invalid: [] });
  });
});
