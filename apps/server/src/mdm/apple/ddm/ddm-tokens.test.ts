import { describe, expect, it } from 'vitest';
import { phoneDeclarations } from './ddm-builtins.ts';
import { flattenStatusItems, mergeArrayItem } from './ddm-status.ts';
import { canonicalJson, DECLARATION_KINDS, ddmCapable, declarationsToken, kindOf, serverToken } from './ddm-tokens.ts';

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

describe('declaration kinds', () => {
  it('lists Apple’s four kinds in manifest order', () => {
    expect(DECLARATION_KINDS).toEqual(['activation', 'configuration', 'asset', 'management']);
  });

  it('reads the kind only from a type that starts with com.apple.{kind}.', () => {
    expect(kindOf('com.apple.configuration.x')).toBe('configuration');
    expect(kindOf('com.apple.management.organization-info')).toBe('management');
    expect(kindOf('xcom.apple.configuration.x')).toBeUndefined();
    expect(kindOf('org.com.apple.configuration.x')).toBeUndefined();
    expect(kindOf('com.apple.legacy.x')).toBeUndefined();
    expect(kindOf('com.apple.configuration')).toBeUndefined();
  });
});

describe('canonicalJson', () => {
  it('writes arrays in their own order, comma-separated', () => {
    expect(canonicalJson([1, 2])).toBe('[1,2]');
    expect(canonicalJson([2, 1])).toBe('[2,1]');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson([{ b: 1, a: 2 }, ['x']])).toBe('[{"a":2,"b":1},["x"]]');
  });

  it('sorts keys ascending at every depth, whatever order they were written in', () => {
    const one = { b: 2, a: 1, c: { z: [{ y: 1, x: 2 }], m: null } };
    const two = { c: { m: null, z: [{ x: 2, y: 1 }] }, a: 1, b: 2 };
    const expected = '{"a":1,"b":2,"c":{"m":null,"z":[{"x":2,"y":1}]}}';
    expect(canonicalJson(one)).toBe(expected);
    expect(canonicalJson(two)).toBe(expected);
    // Code-unit order: upper case before lower case, a prefix before its extensions.
    expect(canonicalJson({ ab: 3, a: 2, B: 1 })).toBe('{"B":1,"a":2,"ab":3}');
  });

  it('quotes keys and strings, so separator characters inside them stay inside', () => {
    expect(canonicalJson({ 'a,b': 'c:d', 'e"f': '}{' })).toBe('{"a,b":"c:d","e\\"f":"}{"}');
    expect(canonicalJson({ a: 'b,"c":1' })).not.toBe(canonicalJson({ a: 'b', c: 1 }));
  });

  it('writes what JSON cannot hold as null, and leaves out undefined members', () => {
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson(null)).toBe('null');
  });
});

describe('server token and declarations token', () => {
  const hex32 = /^[0-9a-f]{32}$/;

  it('is the first 32 hex characters of a SHA-256', () => {
    expect(serverToken('com.apple.configuration.x', { a: 1 })).toMatch(hex32);
    // SHA-256 of the empty string: the token of an empty set.
    expect(declarationsToken([])).toBe('e3b0c44298fc1c149afbf4c8996fb924');
  });

  const d1 = { kind: 'configuration' as const, Identifier: 'a', ServerToken: '1' };
  const d2 = { kind: 'activation' as const, Identifier: 'b', ServerToken: '2' };
  const d3 = { kind: 'asset' as const, Identifier: 'c', ServerToken: '3' };

  it('does not depend on the order the set is given in', () => {
    const token = declarationsToken([d1, d2, d3]);
    expect(token).toMatch(hex32);
    expect(declarationsToken([d3, d1, d2])).toBe(token);
    expect(declarationsToken([d2, d3, d1])).toBe(token);
  });

  it('changes with any kind, identifier or server token', () => {
    const token = declarationsToken([d1, d2]);
    expect(declarationsToken([{ ...d1, kind: 'management' }, d2])).not.toBe(token);
    expect(declarationsToken([{ ...d1, Identifier: 'a2' }, d2])).not.toBe(token);
    expect(declarationsToken([{ ...d1, ServerToken: '9' }, d2])).not.toBe(token);
    expect(declarationsToken([d1])).not.toBe(token);
  });

  it('separates declarations, so sets that concatenate alike still differ', () => {
    // Joined without a separator, both sets would hash the same text: 'asset/a/b/c' + 'asset/d/e' = 'asset/a/b/casset/d/e'.
    const two = declarationsToken([
      { kind: 'asset', Identifier: 'a/b', ServerToken: 'c' },
      { kind: 'asset', Identifier: 'd', ServerToken: 'e' },
    ]);
    const one = declarationsToken([{ kind: 'asset', Identifier: 'a/b/casset/d', ServerToken: 'e' }]);
    expect(two).not.toBe(one);
    // The same characters split differently between two identifiers.
    const x = declarationsToken([
      { kind: 'asset', Identifier: 'a/b', ServerToken: 't' },
      { kind: 'asset', Identifier: 'c', ServerToken: 't' },
    ]);
    const y = declarationsToken([
      { kind: 'asset', Identifier: 'a', ServerToken: 't' },
      { kind: 'asset', Identifier: 'b/c', ServerToken: 't' },
    ]);
    expect(x).not.toBe(y);
  });
});

describe('ddmCapable', () => {
  it('is true from iOS 16, reading the major version only from the start', () => {
    const versions = ['15.8', '16.0', '16', '17.6.1', '26.1', 'x16.1', '16x', '', null, undefined];
    expect(versions.map(ddmCapable)).toEqual([false, true, true, true, true, false, false, false, false, false]);
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
