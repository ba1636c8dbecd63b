import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPersonalData, maskIdCard, maskPhone } from './personal-data.ts';

describe('personal data', () => {
  it('masks id numbers and phones as the lists show them', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard('1234')).toBe('1***');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('seals without the clear value and hashes the same value the same way, keyed', () => {
    const key = randomBytes(32);
    const pd = createPersonalData(key);
    const sealed = pd.seal('11010519491231002X');
    expect(sealed).not.toContain('110105');
    expect(pd.open(sealed)).toBe('11010519491231002X');
    expect(pd.hash('11010519491231002x')).toBe(pd.hash('11010519491231002X'));
    expect(createPersonalData(randomBytes(32)).hash('11010519491231002X')).not.toBe(pd.hash('11010519491231002X'));
  });
});
