import { type KeyObject, createHash, createPublicKey, randomBytes, sign } from 'node:crypto';
import { readCertificateFields } from './certificate-fields.ts';
import {
  Tag,
  bitString,
  booleanTrue,
  certificateTime,
  encode,
  expectChildren,
  explicit,
  integer,
  nullValue,
  objectId,
  octetString,
  parseDer,
  sequence,
} from './der.ts';
import { type NamePart, encodeName } from './x509-name.ts';

/** Extension is one extension we know how to write, e.g. `{name: 'keyUsage', digitalSignature: true}`. */
export type Extension = { name: string; critical?: boolean } & Record<string, unknown>;

/** A subject as name parts (encoded by encodeName), or a DER Name copied byte for byte (from a CSR). */
export type Subject = NamePart[] | { shortName?: string; type?: string; value: string }[] | Buffer;

export interface NewCertificate {
  subject: Subject;
  /** The subject's public key, or its SubjectPublicKeyInfo DER as received in a request. */
  publicKey: KeyObject | Buffer;
  /** issuer signs the certificate; without certDer it is self-signed (issuer = subject). */
  issuer: { key: KeyObject; certDer?: Buffer };
  notBefore: Date;
  notAfter: Date;
  extensions: Extension[];
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const KEY_USAGE_BITS = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign'];
const EXT_KEY_USAGE: Record<string, string> = { serverAuth: '1.3.6.1.5.5.7.3.1', clientAuth: '1.3.6.1.5.5.7.3.2' };

/** randomSerial is 16 random bytes, made positive and without a leading zero byte (RFC 5280 §4.1.2.2). */
export function randomSerial(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  bytes[0] |= 0x01;
  return bytes;
}

function nameOf(subject: Subject): Buffer {
  if (Buffer.isBuffer(subject)) return subject;
  return encodeName(subject.map((part) => (Array.isArray(part) ? part : [part.shortName ?? part.type ?? '', part.value])));
}

/** keyIdentifier is RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING's value. */
function keyIdentifier(spki: Buffer): Buffer {
  const [, key] = expectChildren(parseDer(spki), Tag.SEQUENCE, 'a public key', 2);
  return createHash('sha1').update(key.content.subarray(1)).digest();
}

/** namedBits writes a DER BIT STRING of named bits, trailing zero bits dropped (X.690 §11.2.2). */
function namedBits(bits: number[]): Buffer {
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const bit of bits) bytes[bit >> 3] |= 0x80 >> (bit & 7);
  return bitString(bytes, 7 - (highest % 8));
}

function extensionValue(ext: Extension): [string, Buffer] {
  switch (ext.name) {
    case 'basicConstraints':
      return ['2.5.29.19', ext.cA ? sequence(booleanTrue()) : sequence()];
    case 'keyUsage':
      return ['2.5.29.15', namedBits(KEY_USAGE_BITS.flatMap((name, bit) => (ext[name] ? [bit] : [])))];
    case 'extKeyUsage':
      return [
        '2.5.29.37',
        sequence(
          ...Object.keys(EXT_KEY_USAGE)
            .filter((name) => ext[name])
            .map((name) => objectId(EXT_KEY_USAGE[name])),
        ),
      ];
    default:
      throw new Error(`unsupported certificate extension ${ext.name}`);
  }
}

const extension = (oid: string, critical: boolean, value: Buffer) => sequence(objectId(oid), ...(critical ? [booleanTrue()] : []), octetString(value));

/**
 * createCertificate writes and signs (sha256WithRSAEncryption) an X.509 v3 certificate in DER. Names are never
 * re-encoded: the issuer is the CA certificate's subject as stored, and a subject given as DER (a CSR's) is
 * copied byte for byte, which is what strict parsers and CMS recipient matching need.
 */
export function createCertificate(spec: NewCertificate): Buffer {
  const spki = Buffer.isBuffer(spec.publicKey) ? spec.publicKey : createPublicKey(spec.publicKey).export({ type: 'spki', format: 'der' });
  const subject = nameOf(spec.subject);
  const issuerFields = spec.issuer.certDer ? readCertificateFields(spec.issuer.certDer) : { subject, spki };
  const algorithm = sequence(objectId(SHA256_WITH_RSA), nullValue());
  const extensions = [
    ...spec.extensions.map((ext) => {
      const [oid, value] = extensionValue(ext);
      return extension(oid, ext.critical === true, value);
    }),
    extension('2.5.29.14', false, octetString(keyIdentifier(spki))),
    extension('2.5.29.35', false, sequence(encode(0x80, keyIdentifier(issuerFields.spki)))),
  ];
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(randomSerial()),
    algorithm,
    issuerFields.subject,
    sequence(certificateTime(spec.notBefore), certificateTime(spec.notAfter)),
    subject,
    spki,
    explicit(3, sequence(...extensions)),
  );
  return sequence(tbs, algorithm, bitString(sign('sha256', tbs, spec.issuer.key)));
}
