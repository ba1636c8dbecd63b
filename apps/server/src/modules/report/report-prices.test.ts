import { describe, expect, it } from 'vitest';
import { discounted, rateInTenThousandths } from './report-prices.ts';

describe('report prices', () => {
  it('applies the discount in exact integer 分, half up', () => {
    expect(rateInTenThousandths('0.8500')).toBe(8_500);
    expect(rateInTenThousandths('1')).toBe(10_000);
    expect(discounted(1_500, '1.0000')).toBe(1_500);
    expect(discounted(1_500, '0.8500')).toBe(1_275);
    expect(discounted(3_800, '0.3333')).toBe(1_267); // 1266.54 → 1267
    expect(discounted(1_001, '0.5000')).toBe(501); // 500.5 → 501
    expect(discounted(300, '0.0000')).toBe(0);
  });
});
