import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './errors.ts';

describe('retryAfterSeconds', () => {
  it('reads whole and fractional seconds, and the first of repeated headers', () => {
    expect(retryAfterSeconds('5')).toBe(5);
    expect(retryAfterSeconds(' 0 ')).toBe(0);
    expect(retryAfterSeconds('1.5')).toBe(1.5);
    expect(retryAfterSeconds(['3', '9'])).toBe(3);
  });

  it('is undefined when missing, empty, negative or not a number (an HTTP date is not sent by our server)', () => {
    for (const h of [null, undefined, '', '  ', '-1', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT']) expect(retryAfterSeconds(h)).toBeUndefined();
  });
});
