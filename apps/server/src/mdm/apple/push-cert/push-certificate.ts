import { type KeyObject, X509Certificate, createHash } from 'node:crypto';
import forge from 'node-forge';
import { toForgePrivateKey, toForgePublicKey } from '../pki/keys.ts';

/** The MDM topic is the UID of the push certificate's subject; Apple issues it as com.apple.mgmt.External.<uuid>. */
export const MDM_TOPIC_PREFIX = 'com.apple.mgmt.';

/** PushCertificateInfo is what the operator sees of an Apple-issued MDM push certificate. */
export interface PushCertificateInfo {
  certPem: string;
  subject: string;
  /** The subject's UID: the APNs topic every enrolment profile names. Empty when the certificate has none. */
  topic: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, hex: tells one renewal from the next. */
  fingerprint: string;
}

export type PushCertificateRefusal = 'not-pem' | 'no-topic' | 'not-mdm-topic' | 'expired';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** subjectField reads one attribute (e.g. UID) from Node's one-per-line subject text. */
function subjectField(subject: string, name: string): string {
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && line.slice(0, at) === name) return line.slice(at + 1).trim();
  }
  return '';
}

/**
 * readPushCertificate parses the first certificate of an uploaded .pem (Apple's portal gives exactly one) and
 * refuses what cannot be an MDM push certificate: no UID, a UID outside com.apple.mgmt., or already ended (now = null:
 * describe it even so, for a certificate already in use).
 */
export function readPushCertificate(
  text: string,
  now: Date | null = new Date(),
): { ok: true; info: PushCertificateInfo } | { ok: false; reason: PushCertificateRefusal } {
  const block = PEM_BLOCK.exec(text)?.[0];
  if (!block) return { ok: false, reason: 'not-pem' };
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(block);
  } catch {
    return { ok: false, reason: 'not-pem' };
  }
  const topic = subjectField(cert.subject, 'UID');
  if (!topic) return { ok: false, reason: 'no-topic' };
  if (!topic.startsWith(MDM_TOPIC_PREFIX)) return { ok: false, reason: 'not-mdm-topic' };
  const notAfter = new Date(cert.validTo);
  if (now && notAfter <= now) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    info: {
      certPem: cert.toString(),
      subject: cert.subject.replace(/\n/g, ', '),
      topic,
      issuer: cert.issuer.replace(/\n/g, ', '),
      notBefore: new Date(cert.validFrom),
      notAfter,
      fingerprint: createHash('sha256').update(cert.raw).digest('hex'),
    },
  };
}

/** certificateMatchesKey: the certificate was issued for this private key (same public key). */
export function certificateMatchesKey(certPem: string, key: KeyObject): boolean {
  try {
    return new X509Certificate(certPem).checkPrivateKey(key);
  } catch {
    return false;
  }
}

/**
 * createPushCsr writes the PKCS#10 request Apple's push portal takes (after the vendor has signed it): an RSA
 * key, a plain subject, SHA-256. Apple ignores the subject and writes its own with the topic as UID.
 */
export function createPushCsr(key: KeyObject, commonName = 'Lease MDM Push'): { pem: string; der: Buffer } {
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = toForgePublicKey(key);
  csr.setSubject([{ name: 'commonName', value: commonName }]);
  csr.sign(toForgePrivateKey(key), forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificationRequestToAsn1(csr)).getBytes(), 'binary');
  return { pem: forge.pki.certificationRequestToPem(csr), der };
}
