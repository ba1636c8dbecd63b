import fc from 'fast-check';
import { build, parse } from 'plist';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PlistError, parsePlistDict } from './plist.ts';
import { ReadError, type ReadValue, readXmlPlist } from './plist-reader.ts';

/** The plist package (the reader this one replaced) as the reference, its Uint8Arrays made Buffers. */
function reference(text: string): unknown {
  const fix = (v: unknown): unknown => {
    if (v instanceof Uint8Array) return Buffer.from(v);
    if (Array.isArray(v)) return v.map(fix);
    if (v instanceof Date || v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)]));
  };
  return fix(parse(text));
}

// Characters XML allows in text (no C0 controls but tab and newline; no lone surrogates, no \r which XML folds).
const xmlChar = fc.oneof(
  fc.constantFrom('a', 'Z', '0', ' ', '\t', '\n', '<', '>', '&', '"', "'", ']]', '中', '文', '😀', '\u00e9'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 3 }).filter((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\r]/.test(s)),
);
const xmlString = fc.array(xmlChar, { maxLength: 12 }).map((parts) => parts.join(''));
const plistValue: fc.Arbitrary<ReadValue> = fc.letrec<{ value: ReadValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    xmlString,
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).filter((x) => !Object.is(x, -0)),
    fc.boolean(),
    fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000)),
    fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      xmlString.filter((k) => k !== '__proto__'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

describe('readXmlPlist (the strict reader of phone bodies)', () => {
  // The reference reader reports every broken document on the console; the verdicts are what is checked here.
  beforeAll(() => {
    for (const level of ['error', 'warn', 'log'] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
  });

  it('reads whatever the plist package writes exactly as the plist package reads it (differential fuzz)', () => {
    fc.assert(
      fc.property(plistValue, (value) => {
        const xml = build(value as never);
        expect(readXmlPlist(xml)).toEqual(reference(xml));
      }),
      { numRuns: 600 },
    );
  });

  it('never throws anything but ReadError on mutated documents, and agrees with the plist package when both read one', () => {
    const mutation = fc.record({
      at: fc.nat(),
      len: fc.nat({ max: 6 }),
      insert: fc.constantFrom('', '<', '>', '&', '/', '<dict>', '</key>', '<![CDATA[', '&#0;', '&lt', '<!ENTITY a "b">', '\u0000', ']]>'),
    });
    fc.assert(
      fc.property(plistValue, fc.array(mutation, { minLength: 1, maxLength: 3 }), (value, mutations) => {
        let xml = build({ k: value } as never);
        for (const m of mutations) {
          const at = m.at % (xml.length + 1);
          xml = xml.slice(0, at) + m.insert + xml.slice(at + m.len);
        }
        let ours: ReadValue | undefined;
        try {
          ours = readXmlPlist(xml);
        } catch (err) {
          expect(err).toBeInstanceOf(ReadError);
          return;
        }
        let theirs: unknown;
        try {
          theirs = reference(xml);
        } catch {
          return; // the old reader refused what this one reads: fine only if the value is sound, checked below
        }
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses as a 400 (PlistError) what phones never send', () => {
    for (const body of [
      '<plist><dict><key>a</key></dict></plist>',
      '<plist><dict><key>a</key><null/></dict></plist>',
      '<plist><dict><key>a</key><string>x</string>text</dict></plist>',
      '<plist><dict><key>a</key><string>&unknown;</string></dict></plist>',
      '<plist><dict><key>a</key><string>a & b</string></dict></plist>',
      '<plist><dict><key>a</key><integer>12abc</integer></dict></plist>',
      '<plist><dict><key>a</key><real>1e999</real></dict></plist>',
      '<plist><dict><key>a</key><true>yes</true></dict></plist>',
      '<plist><dict><key>a</key><string x="1">y</string></dict></plist>',
      '<plist><dict/></plist><plist><dict/></plist>',
      '<!DOCTYPE plist [<!ENTITY x "y">]><plist><dict/></plist>',
      `<plist>${'<array>'.repeat(70)}${'</array>'.repeat(70)}</plist>`,
    ]) {
      expect(() => parsePlistDict(body), body).toThrow(PlistError);
    }
  });

  it('reads comments, CDATA, character references, CRLF and a DOCTYPE as XML does', () => {
    const body =
      '<?xml version="1.0"?>\r\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x.dtd">\r\n<plist version="1.0"><!-- c --><dict>\r\n<key>A&amp;B</key><string>x<![CDATA[<&>]]>&#x4E2D;&#25991;\r\ny</string><key>E</key><string/><key>T</key><true/></dict></plist>\n';
    expect(parsePlistDict(body)).toEqual({ 'A&B': 'x<&>中文\ny', E: '', T: true });
    expect(parsePlistDict(body)).toEqual(reference(body));
  });
});
