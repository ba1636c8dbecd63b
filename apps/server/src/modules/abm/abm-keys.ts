import { type KeyObject, X509Certificate, createPrivateKey } from 'node:crypto';
import { createCertificate } from '../../mdm/apple/pki/certificates.ts';
import { generateRsaKey } from '../../mdm/apple/pki/keys.ts';

/** Apple does not check the validity period of this certificate; it only encrypts tokens to its key. */
const VALID_YEARS = 10;

/**
 * newAbmKeyPair makes the store's RSA-2048 key and the self-signed certificate the admin uploads to Apple
 * Business Manager as the MDM server's public key (nanodep's tokenpki does the same): ABM encrypts every server
 * token it issues for that MDM server to this certificate.
 */
export function newAbmKeyPair(storeId: string, now = new Date()): { keyPem: string; certificatePem: string } {
  const key = generateRsaKey(2048);
  const der = createCertificate({
    // ASCII only: ABM shows the name, and a PrintableString is what every tool reads.
    subject: [
      { shortName: 'CN', value: `Zujibao MDM ${storeId.slice(0, 8)}` },
      { shortName: 'O', value: 'Zujibao' },
      { shortName: 'OU', value: storeId },
    ],
    publicKey: key,
    issuer: { key },
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(now.getTime() + VALID_YEARS * 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
    ],
  });
  return {
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: new X509Certificate(der).toString(),
  };
}

export const abmPrivateKey = (pem: string): KeyObject => createPrivateKey(pem);
