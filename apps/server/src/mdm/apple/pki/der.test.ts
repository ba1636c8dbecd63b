import { describe, expect, it } from 'vitest';
import {
  DerError,
  Tag,
  childrenOf,
  encode,
  integer,
  objectId,
  octetString,
  octetsOf,
  oidOf,
  parseDer,
  printableString,
  sequence,
  setOf,
  stringOf,
  utcTime,
} from './der.ts';

describe('DER writer and reader', () => {
  it('round-trips OIDs with large arcs', () => {
    for (const oid of ['1.2.840.113549.1.7.2', '2.16.840.1.113733.1.9.7', '1.3.14.3.2.26', '2.999.1']) {
      expect(oidOf(parseDer(objectId(oid)))).toBe(oid);
    }
  });

  it('writes positive integers, sorted sets and UTC times as DER requires', () => {
    expect(integer(Buffer.from([0x80]))).toEqual(Buffer.from([0x02, 0x02, 0x00, 0x80]));
    expect(setOf(printableString('b'), printableString('a'))).toEqual(Buffer.concat([Buffer.from([0x31, 6]), printableString('a'), printableString('b')]));
    expect(utcTime(new Date('2024-10-21T14:54:30Z')).subarray(2).toString()).toBe('241021145430Z');
  });

  it('uses long-form lengths past 127 bytes and reads them back', () => {
    const big = octetString(Buffer.alloc(70_000, 1));
    expect(big.subarray(0, 5)).toEqual(Buffer.from([0x04, 0x83, 0x01, 0x11, 0x70]));
    expect(octetsOf(parseDer(big)).length).toBe(70_000);
  });

  it('reads BER indefinite lengths and constructed OCTET STRINGs (as Apple and OpenSSL stream them)', () => {
    const chunks = Buffer.concat([Buffer.from([0x24, 0x80]), octetString(Buffer.from('hel')), octetString(Buffer.from('lo')), Buffer.from([0, 0])]);
    const ber = Buffer.concat([Buffer.from([0x30, 0x80]), printableString('x'), chunks, Buffer.from([0, 0])]);
    const [text, data] = childrenOf(parseDer(ber));
    expect(stringOf(text)).toBe('x');
    expect(octetsOf(data).toString()).toBe('hello');
  });

  it.each([
    ['truncated header', Buffer.from([0x30])],
    ['truncated content', Buffer.from([0x04, 0x05, 1, 2])],
    ['trailing bytes', Buffer.concat([octetString(Buffer.from('a')), Buffer.from([0])])],
    ['missing end-of-contents', Buffer.from([0x30, 0x80, 0x05, 0x00])],
    ['indefinite primitive', Buffer.from([0x04, 0x80, 0, 0])],
    ['huge length', Buffer.from([0x04, 0x85, 1, 1, 1, 1, 1])],
    ['high tag number', Buffer.from([0x1f, 0x81, 0x01, 0x00])],
    ['deep nesting', Buffer.concat([...Array.from({ length: 60 }, () => Buffer.from([0x30, 0x80])), ...Array.from({ length: 60 }, () => Buffer.from([0, 0]))])],
  ])('refuses %s with DerError', (_name, bytes) => {
    expect(() => {
      const node = parseDer(bytes);
      if (node.constructed) childrenOf(node);
    }).toThrow(DerError);
  });

  it('nests explicit tags and sequences', () => {
    const node = parseDer(sequence(encode(Tag.CONTEXT_0, integer(1))));
    expect(childrenOf(node)[0].tag).toBe(Tag.CONTEXT_0);
  });
});
