import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { type DerNode, Tag, childrenOf, expectChildren, expectTag, oidOf, parseDer, stringOf } from './der.ts';
import { OID, RSA_SIGNATURE_OID } from './oids.ts';

/** CertificateRequest is what we take from a PKCS#10 request: who, which key, and the SCEP challenge. */
export interface CertificateRequest {
  /** DER of the subject Name exactly as requested: issued certificates copy it byte for byte. */
  subject: Buffer;
  publicKey: KeyObject;
  /** DER of the SubjectPublicKeyInfo, to compare with the key that signed the SCEP message. */
  spki: Buffer;
  challenge?: string;
}

export type CsrCheck = { ok: true; request: CertificateRequest } | { ok: false; reason: 'malformed' | 'unsupported-key' | 'bad-signature' };

function challengeOf(attributes: DerNode | undefined): string | undefined {
  if (!attributes || attributes.tag !== Tag.CONTEXT_0) return undefined;
  for (const attr of childrenOf(attributes)) {
    const [type, values] = expectChildren(attr, Tag.SEQUENCE, 'a CSR attribute', 2);
    if (oidOf(type) === OID.challengePassword) return stringOf(expectChildren(values, Tag.SET, 'attribute values', 1)[0]);
  }
  return undefined;
}

/** readCertificateRequest parses a CSR and checks its self-signature (RSA PKCS#1 v1.5, as iOS makes it). */
export function readCertificateRequest(der: Buffer): CsrCheck {
  let info: DerNode, subject: DerNode, spki: DerNode, digestOid: string, signature: Buffer, challenge: string | undefined;
  try {
    const [cri, algorithm, bits] = expectChildren(parseDer(der), Tag.SEQUENCE, 'a CSR', 3);
    const fields = expectChildren(cri, Tag.SEQUENCE, 'a CertificationRequestInfo', 3);
    info = cri;
    subject = expectTag(fields[1], Tag.SEQUENCE, 'a subject name');
    childrenOf(subject).forEach((rdn) => expectTag(rdn, Tag.SET, 'a relative distinguished name'));
    spki = expectTag(fields[2], Tag.SEQUENCE, 'a public key');
    challenge = challengeOf(fields[3]);
    digestOid = oidOf(expectChildren(algorithm, Tag.SEQUENCE, 'a signature algorithm', 1)[0]);
    signature = expectTag(bits, Tag.BIT_STRING, 'a signature').content.subarray(1);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const digest = RSA_SIGNATURE_OID[digestOid];
  if (!digest || digest === 'any') return { ok: false, reason: 'unsupported-key' };
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: spki.bytes, format: 'der', type: 'spki' });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (publicKey.asymmetricKeyType !== 'rsa') return { ok: false, reason: 'unsupported-key' };
  if (!verify(digest, info.bytes, publicKey, signature)) return { ok: false, reason: 'bad-signature' };
  return { ok: true, request: { subject: subject.bytes, publicKey, spki: spki.bytes, challenge } };
}
