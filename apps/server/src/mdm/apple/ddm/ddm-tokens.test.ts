import { describe, expect, it } from 'vitest';
import { phoneDeclarations } from './ddm-builtins.ts';
import { flattenStatusItems, mergeArrayItem } from './ddm-status.ts';
import { canonicalJson, ddmCapable, declarationsToken, kindOf, serverToken } from './ddm-tokens.ts';

describe('tokens', () => {
  it('a server token follows the content, not the order of its keys', () => {
    const type = 'com.apple.configuration.softwareupdate.settings';
    expect(serverToken(type, { a: 1, b: { c: [1, 2] } })).toBe(serverToken(type, { b: { c: [1, 2] }, a: 1 }));
    expect(serverToken(type, { a: 1 })).not.toBe(serverToken(type, { a: 2 }));
    expect(serverToken(type, { a: 1 })).not.toBe(serverToken('com.apple.configuration.passcode.settings', { a: 1 }));
    expect(serverToken(type, { a: 1 }).length).toBeLessThanOrEqual(64);
    expect(canonicalJson({ b: undefined, a: 'x' })).toBe('{"a":"x"}');
  });

  it('the DeclarationsToken follows the set a phone sees: its store’s name and every declaration', () => {
    const a = declarationsToken(phoneDeclarations('甲店', [], []));
    expect(declarationsToken(phoneDeclarations('甲店', [], []))).toBe(a);
    expect(declarationsToken(phoneDeclarations('乙店', [], []))).not.toBe(a);
    const row = { type: 'com.apple.configuration.softwareupdate.settings', identifier: 'x', payload: {}, serverToken: 't' };
    const withRow = phoneDeclarations('甲店', [row], []);
    expect(declarationsToken(withRow)).not.toBe(a);
    // The phone's own declaration replaces the store default of the same identifier.
    expect(phoneDeclarations('甲店', [row], [{ ...row, serverToken: 'own' }]).find((d) => d.Identifier === 'x')?.ServerToken).toBe('own');
  });

  it('kinds and capability', () => {
    expect(kindOf('com.apple.activation.simple')).toBe('activation');
    expect(kindOf('com.apple.asset.data')).toBe('asset');
    expect(kindOf('com.example.x')).toBeUndefined();
    expect([null, undefined, '', 'x', '15.8', '16', '16.0', '17.5.1', '26.1'].map(ddmCapable)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('status items', () => {
  it('flattens nested items to Apple’s names and stops at dictionary-valued items', () => {
    const items = {
      device: { power: { 'battery-health': 'normal' }, 'operating-system': { version: '18.1' } },
      softwareupdate: { 'pending-version': { 'os-version': '18.2', 'build-version': '22C152' } },
    };
    expect(flattenStatusItems(items)).toEqual({
      'device.power.battery-health': 'normal',
      'device.operating-system.version': '18.1',
      'softwareupdate.pending-version': { 'os-version': '18.2', 'build-version': '22C152' },
    });
  });

  it('merges incremental arrays by identifier, and replaces them on a full report', () => {
    const before = [{ identifier: 'a', version: '1' }, { identifier: 'b' }];
    expect(mergeArrayItem(before, [{ identifier: 'a', version: '2' }, { identifier: 'b', _removed: true }, { identifier: 'c' }], false)).toEqual([
      { identifier: 'a', version: '2' },
      { identifier: 'c' },
    ]);
    expect(mergeArrayItem(before, [{ identifier: 'c' }], true)).toEqual([{ identifier: 'c' }]);
    expect(mergeArrayItem(before, ['x'], false)).toEqual(['x']);
  });
});
