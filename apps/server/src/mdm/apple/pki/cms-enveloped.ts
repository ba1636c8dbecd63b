import { type KeyObject, createCipheriv, createDecipheriv, publicEncrypt, randomBytes, constants as cryptoConstants } from 'node:crypto';
import { readCertificateFields } from './certificate-fields.ts';
import {
  type DerNode,
  DerError,
  Tag,
  childrenOf,
  encode,
  explicit,
  expectChildren,
  expectTag,
  integer,
  nullValue,
  objectId,
  octetString,
  octetsOf,
  oidOf,
  parseDer,
  sequence,
  setOf,
} from './der.ts';
import { spkiPublicKey } from './cms-parse.ts';
import { OID } from './oids.ts';
import { unwrapContentKey } from './rsa-key-transport.ts';

/** AES_128_CBC is the content cipher RFC 8894 makes the default once a CA advertises AES. */
export const AES_128_CBC = '2.16.840.1.101.3.4.1.2';

/**
 * CONTENT_CIPHERS are the content-encryption algorithms we open and make. Single DES (1.3.14.3.2.7) is not among
 * them on purpose: a 56-bit key is broken, iOS never asks for it, and GetCACaps does not offer it.
 */
const CONTENT_CIPHERS: Record<string, { name: string; keyBytes: number; ivBytes: number }> = {
  [AES_128_CBC]: { name: 'aes-128-cbc', keyBytes: 16, ivBytes: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyBytes: 24, ivBytes: 16 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyBytes: 32, ivBytes: 16 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyBytes: 24, ivBytes: 8 },
};

interface EnvelopedParts {
  recipients: DerNode[];
  cipherOid: string;
  iv: Buffer;
  encrypted: Buffer;
}

/** readEnveloped splits an EnvelopedData ContentInfo (RFC 5652 §6.1) into what opening it needs. */
function readEnveloped(der: Buffer): EnvelopedParts {
  const [type, wrapped] = expectChildren(parseDer(der), Tag.SEQUENCE, 'a ContentInfo', 2);
  if (oidOf(type) !== OID.envelopedData) throw new DerError('not an EnvelopedData message');
  const [enveloped] = expectChildren(wrapped, Tag.CONTEXT_0, 'EnvelopedData content', 1);
  const parts = expectChildren(enveloped, Tag.SEQUENCE, 'EnvelopedData', 3);
  // version, [0] originatorInfo OPTIONAL, recipientInfos, encryptedContentInfo
  const rest = parts[1].tag === Tag.CONTEXT_0 ? parts.slice(2) : parts.slice(1);
  const recipients = expectChildren(rest[0], Tag.SET, 'recipientInfos', 1);
  const [, algorithm, content] = expectChildren(rest[1], Tag.SEQUENCE, 'encryptedContentInfo', 3);
  const [cipher, params] = expectChildren(algorithm, Tag.SEQUENCE, 'a content cipher', 2);
  if (content.tag !== 0x80 && content.tag !== 0xa0) throw new DerError('expected the encrypted content');
  // [0] IMPLICIT OCTET STRING: primitive in DER, chunked (constructed) in the BER iOS may send.
  const encrypted = content.constructed ? Buffer.concat(childrenOf(content).map(octetsOf)) : content.content;
  return { recipients, cipherOid: oidOf(cipher), iv: octetsOf(params), encrypted };
}

/** contentCipherOf reads which content cipher an EnvelopedData used, so a reply can use the same one. */
export const contentCipherOf = (der: Buffer): string => readEnveloped(der).cipherOid;

export const isSupportedCipher = (oid: string) => oid in CONTENT_CIPHERS;

/**
 * envelope encrypts `content` to the holder of `recipientCertDer` (RSA key transport, RFC 5652 §6). The
 * recipient is named by that certificate's issuer and serial exactly as encoded in it: a client matches its
 * own certificate byte for byte (Go's pkcs7 answers "no enveloped recipient" otherwise).
 */
export function envelope(content: Buffer, recipientCertDer: Buffer, cipherOid: string = AES_128_CBC): Buffer {
  const cipher = CONTENT_CIPHERS[cipherOid];
  if (!cipher) throw new DerError('unsupported content cipher');
  const key = randomBytes(cipher.keyBytes);
  const iv = randomBytes(cipher.ivBytes);
  const c = createCipheriv(cipher.name, key, iv);
  const encrypted = Buffer.concat([c.update(content), c.final()]);
  const { issuer, serial } = readCertificateFields(recipientCertDer);
  const encryptedKey = publicEncrypt({ key: spkiPublicKey(recipientCertDer), padding: cryptoConstants.RSA_PKCS1_PADDING }, key);
  const recipient = sequence(
    integer(0),
    sequence(issuer, encode(Tag.INTEGER, serial)),
    sequence(objectId(OID.rsaEncryption), nullValue()),
    octetString(encryptedKey),
  );
  const encryptedContentInfo = sequence(objectId(OID.data), sequence(objectId(cipherOid), octetString(iv)), encode(0x80, encrypted));
  return sequence(objectId(OID.envelopedData), explicit(0, sequence(integer(0), setOf(recipient), encryptedContentInfo)));
}

/** addressedTo finds the key-transport recipient naming this certificate (issuer and serial as encoded). */
function addressedTo(recipients: DerNode[], certDer: Buffer): DerNode | undefined {
  const { issuer, serial } = readCertificateFields(certDer);
  return recipients.find((info) => {
    if (info.tag !== Tag.SEQUENCE) return false;
    const [, rid] = childrenOf(info);
    if (rid?.tag !== Tag.SEQUENCE) return false;
    const [ridIssuer, ridSerial] = childrenOf(rid);
    return ridIssuer?.bytes.equals(issuer) && ridSerial?.tag === Tag.INTEGER && ridSerial.content.equals(serial);
  });
}

/** openEnvelope decrypts an EnvelopedData addressed to `recipientCertDer`; it throws on anything else. */
export function openEnvelope(der: Buffer, recipientCertDer: Buffer, key: KeyObject): Buffer {
  const parts = readEnveloped(der);
  const cipher = CONTENT_CIPHERS[parts.cipherOid];
  if (!cipher) throw new DerError('unsupported content cipher');
  const recipient = addressedTo(parts.recipients, recipientCertDer);
  if (!recipient) throw new DerError('the message is not addressed to this certificate');
  const [, , keyAlgorithm, encryptedKey] = expectChildren(recipient, Tag.SEQUENCE, 'a KeyTransRecipientInfo', 4);
  if (oidOf(expectChildren(keyAlgorithm, Tag.SEQUENCE, 'a key transport algorithm', 1)[0]) !== OID.rsaEncryption)
    throw new DerError('unsupported key transport');
  // Native RSA with implicit rejection: a wrong padding yields a random key and fails below like a wrong key.
  const contentKey = unwrapContentKey(key, octetsOf(expectTag(encryptedKey, Tag.OCTET_STRING, 'an encrypted key')), cipher.keyBytes);
  if (contentKey.length !== cipher.keyBytes || parts.iv.length !== cipher.ivBytes) throw new DerError('bad content key or IV length');
  try {
    const d = createDecipheriv(cipher.name, contentKey, parts.iv);
    const content = Buffer.concat([d.update(parts.encrypted), d.final()]);
    if (content.length === 0) throw new DerError('the envelope is empty');
    return content;
  } catch (err) {
    if (err instanceof DerError) throw err;
    throw new DerError('the content does not decrypt');
  }
}
