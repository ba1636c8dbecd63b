import { DerError, objectId, printableString, sequence, setOf, utf8String } from './der.ts';

/** NAME_OID: the attribute types our names use, by the short names Apple's SCEP payload `Subject` uses. */
const NAME_OID: Record<string, string> = {
  CN: '2.5.4.3',
  SERIALNUMBER: '2.5.4.5',
  C: '2.5.4.6',
  L: '2.5.4.7',
  ST: '2.5.4.8',
  O: '2.5.4.10',
  OU: '2.5.4.11',
};

/** PrintableString's alphabet (X.680 §41.4); anything else, Chinese above all, goes as UTF8String. */
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** NamePart is one attribute of a name: a short name (`CN`, `O`…) or a dotted OID, and its text. */
export type NamePart = [type: string, value: string];

function oidOfType(type: string): string {
  if (/^\d+(\.\d+)+$/.test(type)) return type;
  const oid = NAME_OID[type.toUpperCase()];
  if (!oid) throw new DerError(`unknown name attribute ${type}`);
  return oid;
}

/**
 * encodeName writes an X.501 Name, one attribute per RDN in the order given. Text that fits PrintableString is
 * written as one (what every tool expects of ASCII names); anything else as UTF8String (RFC 5280 §4.1.2.6), so
 * 租机宝 is E7 A7 9F E6 9C BA E5 AE 9D and not three truncated bytes.
 */
export function encodeName(parts: NamePart[]): Buffer {
  return sequence(
    ...parts.map(([type, value]) => setOf(sequence(objectId(oidOfType(type)), PRINTABLE.test(value) ? printableString(value) : utf8String(value)))),
  );
}
