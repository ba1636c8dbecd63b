import { type KeyObject, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';
import { derOfForgeAsn1, forgeCertificateOf, toForgePublicKey } from './keys.ts';

/** Extension is one node-forge extension description, e.g. `{name: 'keyUsage', digitalSignature: true}`. */
export type Extension = { name: string; critical?: boolean } & Record<string, unknown>;

export interface NewCertificate {
  subject: forge.pki.CertificateField[];
  publicKey: KeyObject;
  /** issuer signs the certificate; without certDer it is self-signed (issuer = subject). */
  issuer: { key: KeyObject; certDer?: Buffer };
  notBefore: Date;
  notAfter: Date;
  extensions: Extension[];
}

/** node-forge builds these at runtime; its type definitions leave them out. */
const forgeX509 = forge.pki as typeof forge.pki & { getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1 };

/** randomSerial is 16 random bytes, made positive, as hex (RFC 5280 §4.1.2.2). */
export function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  bytes[0] |= 0x01;
  return bytes.toString('hex');
}

/**
 * createCertificate builds an X.509 v3 certificate with node-forge and signs it (sha256WithRSAEncryption)
 * with Node's crypto, which is two orders of magnitude faster than forge's pure-JS RSA.
 */
export function createCertificate(spec: NewCertificate): Buffer {
  const cert = forge.pki.createCertificate();
  cert.publicKey = toForgePublicKey(spec.publicKey);
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  cert.setSubject(spec.subject);
  const issuerCert = spec.issuer.certDer ? forgeCertificateOf(spec.issuer.certDer) : cert;
  cert.setIssuer(issuerCert.subject.attributes);
  const authorityKeyId = issuerCert.generateSubjectKeyIdentifier().getBytes();
  cert.setExtensions([
    ...spec.extensions,
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: authorityKeyId },
  ]);
  cert.signatureOid = cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption;
  cert.tbsCertificate = forgeX509.getTBSCertificate(cert);
  cert.signature = sign('sha256', derOfForgeAsn1(cert.tbsCertificate), spec.issuer.key).toString('binary');
  return derOfForgeAsn1(forge.pki.certificateToAsn1(cert));
}
