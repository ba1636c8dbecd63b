/**
 * A small ASN.1 reader and DER writer over Buffers. The reader keeps exact byte slices (signatures are checked
 * over the bytes as received) and accepts BER indefinite lengths, which Apple's CMS encoder may emit.
 */

/** DerError is any malformed or unsupported encoding; callers turn it into a refusal, never a crash. */
export class DerError extends Error {}

export const Tag = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  BOOLEAN: 0x01,
  SEQUENCE: 0x30,
  SET: 0x31,
  CONTEXT_0: 0xa0,
  CONTEXT_1: 0xa1,
} as const;

export interface DerNode {
  tag: number;
  constructed: boolean;
  /** The whole element as received: header, content and, for indefinite lengths, the end-of-contents octets. */
  bytes: Buffer;
  /** The content octets, without the end-of-contents octets. */
  content: Buffer;
}

const MAX_DEPTH = 40;

function readNode(buf: Buffer, pos: number, depth: number): DerNode {
  if (depth > MAX_DEPTH) throw new DerError('ASN.1 nesting too deep');
  if (pos + 2 > buf.length) throw new DerError('ASN.1 header truncated');
  const tag = buf[pos];
  if ((tag & 0x1f) === 0x1f) throw new DerError('ASN.1 high tag numbers are not supported');
  const constructed = (tag & 0x20) !== 0;
  const first = buf[pos + 1];
  let start = pos + 2;
  if (first === 0x80) {
    if (!constructed) throw new DerError('indefinite length on a primitive element');
    let end = start;
    while (!(buf[end] === 0 && buf[end + 1] === 0)) {
      if (end + 2 > buf.length) throw new DerError('ASN.1 end-of-contents missing');
      end += readNode(buf, end, depth + 1).bytes.length;
    }
    return { tag, constructed, content: buf.subarray(start, end), bytes: buf.subarray(pos, end + 2) };
  }
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new DerError('ASN.1 length too large');
    if (start + count > buf.length) throw new DerError('ASN.1 length truncated');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + buf[start + i];
    start += count;
  }
  if (start + length > buf.length) throw new DerError('ASN.1 content truncated');
  return { tag, constructed, content: buf.subarray(start, start + length), bytes: buf.subarray(pos, start + length) };
}

/** parseDer reads exactly one element spanning the whole buffer. */
export function parseDer(buf: Buffer): DerNode {
  const node = readNode(buf, 0, 0);
  if (node.bytes.length !== buf.length) throw new DerError('trailing bytes after ASN.1 element');
  return node;
}

/** childrenOf lists the elements inside a constructed element. */
export function childrenOf(node: DerNode): DerNode[] {
  if (!node.constructed) throw new DerError('expected a constructed ASN.1 element');
  const out: DerNode[] = [];
  for (let pos = 0; pos < node.content.length; ) {
    const child = readNode(node.content, pos, 1);
    out.push(child);
    pos += child.bytes.length;
  }
  return out;
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`expected ${what}`);
  return node;
}

/** expectChildren is childrenOf after checking the tag, with a minimum count so later indexing is safe. */
export function expectChildren(node: DerNode | undefined, tag: number, what: string, min = 0): DerNode[] {
  const children = childrenOf(expectTag(node, tag, what));
  if (children.length < min) throw new DerError(`${what} is incomplete`);
  return children;
}

export function oidOf(node: DerNode | undefined): string {
  const { content } = expectTag(node, Tag.OID, 'an OBJECT IDENTIFIER');
  if (content.length === 0) throw new DerError('empty OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

/** octetsOf reads an OCTET STRING, joining the chunks of a BER constructed one. */
export function octetsOf(node: DerNode | undefined): Buffer {
  if (node?.tag === (Tag.OCTET_STRING | 0x20)) return Buffer.concat(childrenOf(node).map(octetsOf));
  return expectTag(node, Tag.OCTET_STRING, 'an OCTET STRING').content;
}

/** stringOf reads the usual ASN.1 text types (PrintableString, UTF8String, IA5String). */
export function stringOf(node: DerNode | undefined): string {
  if (node && (node.tag === Tag.PRINTABLE_STRING || node.tag === Tag.IA5_STRING || node.tag === Tag.UTF8_STRING)) {
    return node.content.toString('utf8');
  }
  throw new DerError('expected a string');
}

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** encode writes one DER element with a definite length. */
export function encode(tag: number, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

export const sequence = (...parts: Buffer[]) => encode(Tag.SEQUENCE, ...parts);
/** setOf sorts its members, as DER requires for SET OF. */
export const setOf = (...parts: Buffer[]) => encode(Tag.SET, ...[...parts].sort(Buffer.compare));
export const octetString = (bytes: Buffer) => encode(Tag.OCTET_STRING, bytes);
export const printableString = (text: string) => encode(Tag.PRINTABLE_STRING, Buffer.from(text, 'latin1'));
export const utf8String = (text: string) => encode(Tag.UTF8_STRING, Buffer.from(text, 'utf8'));
/** bitString wraps whole bytes (no unused bits), as for keys and signatures. */
export const bitString = (bytes: Buffer, unusedBits = 0) => encode(Tag.BIT_STRING, Buffer.from([unusedBits]), bytes);
export const booleanTrue = () => Buffer.from([Tag.BOOLEAN, 1, 0xff]);
export const nullValue = () => Buffer.from([Tag.NULL, 0]);
export const explicit = (n: number, ...parts: Buffer[]) => encode(0xa0 | n, ...parts);

export function integer(value: Buffer | number): Buffer {
  const bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  return encode(Tag.INTEGER, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export function objectId(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out: number[] = [];
  for (const arc of [a * 40 + b, ...rest]) {
    const chunk = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return encode(Tag.OID, Buffer.from(out));
}

export function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return encode(Tag.UTC_TIME, Buffer.from(text, 'latin1'));
}

/** certificateTime is RFC 5280's Time: UTCTime through 2049, GeneralizedTime from 2050 on (§4.1.2.5). */
export function certificateTime(date: Date): Buffer {
  if (date.getUTCFullYear() < 2050) return utcTime(date);
  const iso = date.toISOString();
  const text = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return encode(Tag.GENERALIZED_TIME, Buffer.from(text, 'latin1'));
}
