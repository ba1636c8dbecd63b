import { describe, expect, it } from 'vitest';
import { androidModelName } from './android-models.ts';

describe('androidModelName', () => {
  it('names common Chinese models by their marketing names, whatever the case', () => {
    expect(androidModelName('ALN-AL00')).toBe('Mate 60 Pro');
    expect(androidModelName('23127pn0cc')).toBe('14');
    expect(androidModelName('SM-S9210')).toBe('Galaxy S24');
    expect(androidModelName('V2309A')).toBe('X100');
  });

  it('keeps an unknown code as the phone reported it', () => {
    expect(androidModelName('ZZ-AL99')).toBe('ZZ-AL99');
    expect(androidModelName('')).toBe('');
  });
});
