import { APPLE_RESTRICTIONS } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { restrictedKeys, restrictionSections, sameKeys, toRestrictionMap } from './restrictionView.ts';

describe('restriction switches', () => {
  it('groups every catalogue key exactly once', () => {
    const keys = restrictionSections().flatMap((s) => s.items.map((i) => i.key));
    expect(keys.sort()).toEqual(APPLE_RESTRICTIONS.map((r) => r.key).sort());
  });

  it('reads a stored map as switches: only restricted values turn a switch on', () => {
    expect([...restrictedKeys({ allowCamera: false, allowScreenShot: true })]).toEqual(['allowCamera']);
  });

  it('saves switches as the restricted payload values, and round-trips', () => {
    const map = toRestrictionMap(new Set(['allowCamera', 'allowEraseContentAndSettings', 'notAKey']));
    expect(map).toEqual({ allowCamera: false, allowEraseContentAndSettings: false });
    expect(sameKeys(restrictedKeys(map), new Set(['allowCamera', 'allowEraseContentAndSettings']))).toBe(true);
  });
});
