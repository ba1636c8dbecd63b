import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPersonalData } from './personal-data.ts';

describe('personal data', () => {
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
