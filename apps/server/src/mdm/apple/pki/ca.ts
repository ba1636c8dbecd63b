import { type KeyObject, X509Certificate } from 'node:crypto';
import { createCertificate } from './certificates.ts';
import { generateRsaKey, privateKeyOf } from './keys.ts';

/** CaMaterial is what the caller persists: the CA certificate and its private key, both PEM. */
export interface CaMaterial {
  certPem: string;
  keyPem: string;
}

export interface CaOptions {
  commonName?: string;
  organization?: string;
  /** A pre-generated RSA key (tests and pools); otherwise a new 2048-bit key is generated. */
  key?: KeyObject | string;
  /** The CA outlives every identity it issues by years: see docs/apple-identity-lifetimes.md. */
  validityYears?: number;
  now?: Date;
}

/** CA_VALIDITY_YEARS: far longer than any lease (12-36 months) plus the identity renewals within it. */
export const CA_VALIDITY_YEARS = 20;

/** createCa makes the self-signed CA that issues device identities over SCEP and signs CertReps and profiles. */
export function createCa(options: CaOptions = {}): CaMaterial {
  const key = options.key ? privateKeyOf(options.key) : generateRsaKey();
  const now = options.now ?? new Date();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + (options.validityYears ?? CA_VALIDITY_YEARS));
  const der = createCertificate({
    subject: [
      ['CN', options.commonName ?? 'Lease MDM Device CA'],
      ['O', options.organization ?? 'Lease MDM'],
    ],
    publicKey: key,
    issuer: { key },
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      // keyEncipherment too: a SCEP client envelopes its request to this certificate (no separate RA).
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, keyEncipherment: true, critical: true },
    ],
  });
  return { certPem: new X509Certificate(der).toString(), keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** Ca is a loaded CA in the forms each library wants, parsed once at startup. */
export interface Ca {
  cert: X509Certificate;
  certDer: Buffer;
  key: KeyObject;
}

export function loadCa(material: CaMaterial): Ca {
  const cert = new X509Certificate(material.certPem);
  const key = privateKeyOf(material.keyPem);
  if (!cert.checkPrivateKey(key)) throw new Error('CA key does not match the CA certificate');
  return { cert, certDer: cert.raw, key };
}
