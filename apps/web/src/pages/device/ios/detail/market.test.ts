import { describe, expect, it } from 'vitest';
import { marketCode, marketRegion } from './market.ts';

describe('marketRegion', () => {
  it('reads the region from a full part number', () => {
    expect(marketRegion('MQ8F3CH/A')).toBe('中国大陆');
    expect(marketRegion('MPXT3LL/A')).toBe('美国');
    expect(marketRegion('MLDV3ZP/A')).toBe('中国香港 / 澳门');
    expect(marketRegion('MNXX3J/A')).toBe('日本');
  });

  it('reads a bare suffix, in any case', () => {
    expect(marketRegion('CH/A')).toBe('中国大陆');
    expect(marketRegion(' ch/a ')).toBe('中国大陆');
    expect(marketCode('MQ8F3J/A')).toBe('J');
  });

  it('names unknown codes and empty values honestly', () => {
    expect(marketRegion('MQ8F3QQ/A')).toBe('其他地区（QQ/A）');
    expect(marketRegion('')).toBe('未知');
    expect(marketRegion('A2634')).toBe('未知（A2634）');
  });
});
