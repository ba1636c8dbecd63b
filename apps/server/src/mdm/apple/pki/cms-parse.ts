import { type KeyObject, createHash, createPublicKey, verify } from 'node:crypto';
import { readCertificateFields } from './certificate-fields.ts';
import { type DerNode, DerError, Tag, childrenOf, encode, expectChildren, expectTag, octetsOf, oidOf, parseDer } from './der.ts';
import { type DigestName, OID, RSA_SIGNATURE_OID, digestByOid } from './oids.ts';

export interface ParsedSigner {
  /** DER of the issuer Name and the serial's INTEGER octets (issuerAndSerialNumber). */
  issuer: Buffer;
  serial: Buffer;
  digestOid: string;
  signatureOid: string;
  signature: Buffer;
  /** The signed attributes as received ([0] IMPLICIT), if any. */
  signedAttrs?: DerNode;
  /** attributes maps an attribute OID to its values. */
  attributes: Map<string, DerNode[]>;
}

export interface ParsedSignedData {
  contentType: string;
  /** The encapsulated content, absent when detached. */
  content?: Buffer;
  certificates: Buffer[];
  signers: ParsedSigner[];
}

function parseSigner(node: DerNode): ParsedSigner {
  const parts = expectChildren(node, Tag.SEQUENCE, 'a SignerInfo', 5);
  const [issuer, serial] = expectChildren(parts[1], Tag.SEQUENCE, 'an issuerAndSerialNumber', 2);
  const hasAttrs = parts[3].tag === Tag.CONTEXT_0;
  const signedAttrs = hasAttrs ? parts[3] : undefined;
  const [signatureAlgorithm, signature] = parts.slice(hasAttrs ? 4 : 3);
  const attributes = new Map<string, DerNode[]>();
  for (const attr of signedAttrs ? childrenOf(signedAttrs) : []) {
    const [type, values] = expectChildren(attr, Tag.SEQUENCE, 'an attribute', 2);
    attributes.set(oidOf(type), expectChildren(values, Tag.SET, 'attribute values'));
  }
  return {
    issuer: expectTag(issuer, Tag.SEQUENCE, 'an issuer name').bytes,
    serial: expectTag(serial, Tag.INTEGER, 'a serial number').content,
    digestOid: oidOf(expectChildren(parts[2], Tag.SEQUENCE, 'a digest algorithm', 1)[0]),
    signatureOid: oidOf(expectChildren(signatureAlgorithm, Tag.SEQUENCE, 'a signature algorithm', 1)[0]),
    signature: octetsOf(signature),
    signedAttrs,
    attributes,
  };
}

/** parseSignedData reads a CMS ContentInfo holding SignedData; it throws DerError on anything malformed. */
export function parseSignedData(der: Buffer): ParsedSignedData {
  const [type, wrapped] = expectChildren(parseDer(der), Tag.SEQUENCE, 'a ContentInfo', 2);
  if (oidOf(type) !== OID.signedData) throw new DerError('not a SignedData message');
  const [signedData] = expectChildren(wrapped, Tag.CONTEXT_0, 'SignedData content', 1);
  const parts = expectChildren(signedData, Tag.SEQUENCE, 'SignedData', 4);
  const [encapType, encapContent] = expectChildren(parts[2], Tag.SEQUENCE, 'encapsulated content', 1);
  const certs = parts.find((p, i) => i > 2 && p.tag === Tag.CONTEXT_0);
  return {
    contentType: oidOf(encapType),
    content: encapContent ? octetsOf(expectChildren(encapContent, Tag.CONTEXT_0, 'explicit content', 1)[0]) : undefined,
    certificates: certs ? childrenOf(certs).map((c) => c.bytes) : [],
    signers: expectChildren(parts[parts.length - 1], Tag.SET, 'signerInfos').map(parseSigner),
  };
}

export type SignerRefusal = 'no-signer' | 'signer-cert-missing' | 'unsupported-algorithm' | 'digest-mismatch' | 'bad-signature';
export type SignerCheck = { ok: true; signer: ParsedSigner; certDer: Buffer } | { ok: false; reason: SignerRefusal };

/** findCertificate picks the signer's certificate out of the message by issuer and serial. */
export function findCertificate(certificates: Buffer[], signer: ParsedSigner): Buffer | undefined {
  return certificates.find((der) => {
    try {
      const fields = readCertificateFields(der);
      return fields.serial.equals(signer.serial) && fields.issuer.equals(signer.issuer);
    } catch {
      return false;
    }
  });
}

function digestMatches(signer: ParsedSigner, digest: DigestName, contentType: string, content: Buffer): boolean {
  const [type] = signer.attributes.get(OID.contentType) ?? [];
  const [value] = signer.attributes.get(OID.messageDigest) ?? [];
  try {
    if (!type || !value || oidOf(type) !== contentType) return false;
    return octetsOf(value).equals(createHash(digest).update(content).digest());
  } catch {
    return false;
  }
}

/** spkiPublicKey reads the public key of a certificate straight from its SubjectPublicKeyInfo. */
export const spkiPublicKey = (certDer: Buffer): KeyObject => createPublicKey({ key: readCertificateFields(certDer).spki, format: 'der', type: 'spki' });

/**
 * verifySigner checks the first signer of `parsed` over `content` (the attached content or the detached body):
 * the signer's certificate must be in the message, the messageDigest must match and the RSA signature hold.
 * It says nothing about who issued that certificate; the caller decides whom to trust. `keyOf` and `certificateOf`
 * let a caller that caches certificates skip re-reading them.
 */
export function verifySigner(
  parsed: ParsedSignedData,
  content: Buffer,
  keyOf: (certDer: Buffer) => KeyObject = spkiPublicKey,
  certificateOf: typeof findCertificate = findCertificate,
): SignerCheck {
  const signer = parsed.signers[0];
  if (!signer) return { ok: false, reason: 'no-signer' };
  const certDer = certificateOf(parsed.certificates, signer);
  if (!certDer) return { ok: false, reason: 'signer-cert-missing' };
  const digest = digestByOid(signer.digestOid);
  const scheme = RSA_SIGNATURE_OID[signer.signatureOid];
  if (!digest || !scheme || (scheme !== 'any' && scheme !== digest)) return { ok: false, reason: 'unsupported-algorithm' };
  let signed = content;
  if (signer.signedAttrs) {
    if (!digestMatches(signer, digest, parsed.contentType, content)) return { ok: false, reason: 'digest-mismatch' };
    signed = encode(Tag.SET, signer.signedAttrs.content);
  } else if (parsed.contentType !== OID.data) return { ok: false, reason: 'digest-mismatch' };
  try {
    const key = keyOf(certDer);
    if (key.asymmetricKeyType !== 'rsa') return { ok: false, reason: 'unsupported-algorithm' };
    return verify(digest, signed, key, signer.signature) ? { ok: true, signer, certDer } : { ok: false, reason: 'bad-signature' };
  } catch {
    return { ok: false, reason: 'bad-signature' };
  }
}
