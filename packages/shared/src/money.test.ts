import { describe, expect, it } from 'vitest';
import { formatFen, grouped } from './money.ts';

describe('money', () => {
  it('groups thousands with commas, as toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -4321]) expect(grouped(n)).toBe(n.toLocaleString('zh-CN'));
  });

  it('formats 分 as ¥ with two decimals and the sign in front', () => {
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(123450)).toBe('¥1,234.50');
    expect(formatFen(100000000)).toBe('¥1,000,000.00');
    expect(formatFen(-1999)).toBe('-¥19.99');
  });
});
