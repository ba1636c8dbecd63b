import { createHash } from 'node:crypto';
import { Tag, expectChildren, expectTag, parseDer } from './der.ts';

/** CertificateFields are the raw pieces CMS needs from a certificate: who issued it, its serial, its key. */
export interface CertificateFields {
  /** INTEGER content octets of the serial number. */
  serial: Buffer;
  /** DER of the issuer Name. */
  issuer: Buffer;
  /** DER of the subject Name. */
  subject: Buffer;
  /** DER of the SubjectPublicKeyInfo. */
  spki: Buffer;
}

/** readCertificateFields slices an X.509 certificate's TBSCertificate without re-encoding anything. */
export function readCertificateFields(der: Buffer): CertificateFields {
  const [tbs] = expectChildren(parseDer(der), Tag.SEQUENCE, 'a certificate', 3);
  const fields = expectChildren(tbs, Tag.SEQUENCE, 'a TBSCertificate', 6);
  const [serial, , issuer, , subject, spki] = fields[0].tag === Tag.CONTEXT_0 ? fields.slice(1) : fields;
  return {
    serial: expectTag(serial, Tag.INTEGER, 'a serial number').content,
    issuer: expectTag(issuer, Tag.SEQUENCE, 'an issuer name').bytes,
    subject: expectTag(subject, Tag.SEQUENCE, 'a subject name').bytes,
    spki: expectTag(spki, Tag.SEQUENCE, 'a public key').bytes,
  };
}

/** certificateFingerprint is the lower-case hex SHA-256 of the DER, as nanomdm's cert-auth stores it. */
export const certificateFingerprint = (der: Buffer) => createHash('sha256').update(der).digest('hex');
