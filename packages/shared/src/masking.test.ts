import { describe, expect, it } from 'vitest';
import { maskIdCard, maskName, maskPhone } from './masking.ts';

describe('masking', () => {
  it('phones keep 3 + 4 digits, short ones none', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('4008001234')).toBe('400****1234');
    expect(maskPhone('12345')).toBe('****');
    expect(maskPhone('')).toBe('');
  });

  it('id numbers keep 3 + 4 characters, short ones less', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard('123456')).toBe('1****6');
    expect(maskIdCard('1234')).toBe('1***');
  });

  it('names keep the first character only, even for one-character names', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('𠮷')).toBe('𠮷*');
    expect(maskName('  ')).toBe('');
  });
});
