import { describe, expect, it } from 'vitest';
import { grouped } from './numbers.ts';

describe('grouped', () => {
  it('writes integers as zh-CN does, thousands separated by commas', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, -4321]) expect(grouped(n)).toBe(n.toLocaleString('zh-CN'));
  });
});
